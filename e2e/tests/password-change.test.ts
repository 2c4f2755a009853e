import { test, expect, ADMIN } from '../lib/fixtures.js';

// A server of its own: this test changes the administrator's password.
test.use({ serverEnv: { REFRESH_TOKEN_TTL: '7d' } });

test('a changed password is the one that signs in afterwards', async ({ page, signIn }) => {
  await signIn();
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByLabel(/^Current password/i).fill(ADMIN.password);
  await page.getByLabel(/^New password/i).fill('Fresh-password-2026');
  await page.getByLabel(/^Confirm/i).fill('Fresh-password-2026');
  await page.getByRole('button', { name: /Update Password|Change Password/ }).click();
  await expect(page.getByText('Password updated successfully!')).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong email, mobile number, Sevarth ID or password');

  await page.getByLabel('Password', { exact: true }).fill('Fresh-password-2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
