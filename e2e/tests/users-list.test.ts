import type { Locator } from '@playwright/test';
import { test, expect } from '../lib/fixtures.js';
import { expectNoAxeViolations, useTheme } from '../lib/axe.js';
import { DESK, horizontalOverflow, PHONE } from '../lib/overflow.js';

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

test.describe('users list on a desk and on a phone', () => {
  test.beforeEach(async ({ signIn }) => {
    await signIn();
  });

  test('at 1366x768 Role, Status and Actions stand on screen beside every user', async ({ page }) => {
    await page.setViewportSize(DESK);
    await page.goto('/users');
    await expect(page.getByText(/Showing 1 to 10 of 14 users/)).toBeVisible();
    for (const column of ['Role', 'Status', 'Actions']) {
      await expectWithinWidth(page.getByRole('columnheader', { name: column, exact: true }), DESK.width);
    }
    const officer = page.getByRole('row', { name: /Pooja Sanjay Kulkarni/ });
    await expect(officer.getByText('Officer', { exact: true })).toBeVisible();
    await expectWithinWidth(officer.getByRole('button', { name: /^Delete/ }), DESK.width);
    expect(await horizontalOverflow(page)).toEqual([]);

    await officer.getByRole('button', { name: /^Edit/ }).click();
    await expect(page.getByRole('dialog', { name: 'Edit User' }).getByLabel('First Name')).toHaveValue('Pooja');
  });

  test('at 390x844 each user is a card with its actions in reach', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/users');
    await expect(page.getByText(/Showing 1 to 10 of 14 users/)).toBeVisible();
    await expect(page.getByRole('table', { name: 'Users' })).toBeHidden();
    const cards = page.getByRole('list', { name: 'Users' }).getByRole('listitem');
    await expect(cards).toHaveCount(10);
    const officer = cards.filter({ hasText: 'Pooja Sanjay Kulkarni' });
    await expect(officer.getByText('Officer', { exact: true })).toBeVisible();
    await expect(officer.getByText('Active', { exact: true })).toBeVisible();
    await expectWithinWidth(officer.getByRole('button', { name: /^Delete/ }), PHONE.width);
    expect(await horizontalOverflow(page)).toEqual([]);

    await officer.getByRole('button', { name: /^Edit/ }).click();
    await expect(page.getByRole('dialog', { name: 'Edit User' }).getByLabel('First Name')).toHaveValue('Pooja');
  });

  for (const [size, viewport] of [
    ['1366x768', DESK],
    ['390x844', PHONE],
  ] as const) {
    test(`has no WCAG 2.1 AA violations at ${size} in either theme`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/users');
      for (const theme of ['light', 'dark'] as const) {
        await useTheme(page, theme);
        await expect(page.getByText(/Showing 1 to 10 of 14 users/)).toBeVisible();
        await expectNoAxeViolations(page, `/users at ${size}, ${theme} theme`);
      }
    });
  }
});

/** The control is on screen, not past the right edge of a window `width` px wide. */
async function expectWithinWidth(control: Locator, width: number): Promise<void> {
  await expect(control).toBeVisible();
  const box = await control.boundingBox();
  expect(box, 'the control has a box').not.toBeNull();
  expect(box!.x + box!.width, 'its right edge').toBeLessThanOrEqual(width);
}
