import { test, expect } from '../lib/fixtures.js';

// Thirteen demo users, one or more of every role, plus the administrator: fourteen in all.
test.use({ seedDemo: true });

test.describe('users list', () => {
  test.beforeEach(async ({ page, signIn }) => {
    await signIn();
    await page.goto('/users');
    await expect(page.getByText(/Showing 1 to 10 of 14 users/)).toBeVisible();
  });

  test('pages through the users and changes the page size', async ({ page }) => {
    await expect(page.locator('tbody tr')).toHaveCount(10);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(/Showing 11 to 14 of 14 users/)).toBeVisible();
    await expect(page.locator('tbody tr')).toHaveCount(4);
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByText(/Showing 1 to 10 of 14 users/)).toBeVisible();
    await page.getByLabel('Rows per page').selectOption('25');
    await expect(page.locator('tbody tr')).toHaveCount(14);
  });

  test('filters by role, by phone on Enter, by search, and clears', async ({ page }) => {
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await page.getByLabel('Role', { exact: true }).selectOption('officer');
    await expect(page.locator('tbody tr')).toHaveCount(2);
    await expect(page.getByRole('row', { name: /Pooja Sanjay Kulkarni/ })).toBeVisible();

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page.getByText(/of 14 users/)).toBeVisible();

    const phone = page.getByLabel('Phone', { exact: true });
    await phone.fill('9822000000');
    await expect(page.getByText(/of 14 users/)).toBeVisible();
    await phone.press('Enter');
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await page.getByRole('button', { name: 'Clear Filters' }).click();

    await page.getByLabel('Search users').fill('जाधव');
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await expect(page.getByRole('row', { name: /अनिल/ })).toBeVisible();
  });
});
