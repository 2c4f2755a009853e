import { test, expect } from '../lib/fixtures.js';

// Demo people and appointments, on a server of its own: these tests add and change appointments,
// which the dashboard tests count.
test.use({ seedDemo: true, serverEnv: { REFRESH_TOKEN_TTL: '28d' } });

test.describe('appointments', () => {
  test.beforeEach(async ({ page, signIn }) => {
    await signIn();
    await page.goto('/appointments');
    await expect(page.getByRole('heading', { name: 'Appointments', level: 1 })).toBeVisible();
  });

  test('lists with tabs, and books an orderly-room appointment for a person found by name', async ({ page }) => {
    await page.getByRole('tab', { name: 'Orderly Room' }).click();
    await expect(page.getByRole('link', { name: /View appointment of/ }).first()).toBeVisible();

    await page.getByRole('button', { name: 'New Appointment' }).click();
    await page.getByRole('menuitem', { name: 'Orderly Room' }).click();
    const dialog = page.getByRole('dialog', { name: 'New orderly room appointment' });
    await dialog.getByRole('button', { name: 'Create appointment' }).click();
    await expect(page.getByText('Please fill in all required fields: Company and User').first()).toBeVisible();

    await dialog.getByLabel('Company').selectOption({ label: 'Group 1 Pune' });
    await dialog.getByRole('combobox', { name: 'User' }).fill('Amol');
    await dialog.getByRole('listbox').getByRole('option').first().click();
    await expect(dialog.getByLabel('Phone')).not.toHaveValue('');
    await dialog.getByLabel(/Additional details/i).fill('Request to discuss a transfer posting');
    await dialog.getByRole('button', { name: 'Create appointment' }).click();
    await expect(page.getByText('Appointment created successfully!')).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test('the detail page reschedules automatically and shows it in the timeline', async ({ page }) => {
    // The list opens today first, where the demo's first is already completed: a scheduled one may move.
    await page.getByLabel('Status').selectOption('scheduled');
    await page
      .getByRole('link', { name: /View appointment of/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/appointments\/\d+$/);
    await page.getByRole('button', { name: 'Reschedule' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Reschedule appointment' });
    await dialog.getByLabel('Next free slot automatically').check();
    await dialog.getByRole('button', { name: 'Reschedule' }).click();
    await expect(page.getByText(/Appointment rescheduled successfully!/)).toBeVisible();
    await expect(page.getByText(/rescheduled/i).first()).toBeVisible();
  });

  test('an unknown appointment says so, with a way back', async ({ page }) => {
    await page.goto('/appointments/999999');
    await expect(page.getByText('Appointment not found')).toBeVisible();
  });
});
