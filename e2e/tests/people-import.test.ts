import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateSlipFiles, writeSlipFiles } from '@srpf/test-kit/payslips/index';
import { test, expect } from '../lib/fixtures.js';

// The demo data brings the designations the generated file names (Head Constable, Police Naik…).
// A server of its own: the import adds twelve people, which the users list tests would count.
test.use({ seedDemo: true, serverEnv: { REFRESH_TOKEN_TTL: '21d' } });

function generatedUsersCsv(count: number): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'srpf-e2e-csv-'));
  return writeSlipFiles(folder, generateSlipFiles({ count })).usersCsvPath;
}

test('imports users from CSV, then an imported person must choose a password at first sign-in', async ({
  page,
  signIn,
  browser,
  baseURL,
}) => {
  const csv = generatedUsersCsv(12);
  const first = readFileSync(csv, 'utf8').split('\n')[1]!.split(',');
  const [, sevarthId, firstName, , , email] = first;

  await signIn();
  await page.goto('/users');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Users from CSV' });
  await dialog.getByLabel('CSV file').setInputFiles(csv);
  await expect(dialog.getByText(/Showing the first 10 of 12 rows/)).toBeVisible();
  await expect(dialog.getByText(sevarthId!)).toBeVisible();
  await dialog.getByRole('button', { name: /Import Users \(12\)/ }).click();
  await expect(dialog.getByText('Please select a company')).toBeVisible();
  await dialog.getByLabel('Company for all users').selectOption({ label: 'Group 5 Daund' });
  await dialog.getByRole('button', { name: /Import Users \(12\)/ }).click();

  const results = page.getByRole('dialog', { name: 'Import Results' });
  await expect(results).toBeVisible({ timeout: 30_000 });
  await expect(results.getByText(/12/).first()).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    results.getByRole('button', { name: /password/i }).click(),
  ]);
  const passwords = readFileSync(await download.path(), 'utf8');
  const line = passwords.split('\n').find((row) => row.includes(email!))!;
  expect(line).toBeTruthy();
  const password = line
    .split(',')
    .at(-1)!
    .replace(/^"?'?/, '')
    .replace(/"?\r?$/, '');
  expect(password.length).toBeGreaterThanOrEqual(20);

  const context = await browser.newContext({ baseURL });
  const other = await context.newPage();
  await other.goto('/login');
  await other.getByLabel('Email').fill(email!);
  await other.getByLabel('Password', { exact: true }).fill(password);
  await other.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(other.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await other.getByLabel(/^Current/).fill(password);
  await other.getByLabel(/^New password/i).fill('my-own-password-2026');
  await other.getByLabel(/^Confirm/i).fill('my-own-password-2026');
  await other.getByRole('button', { name: 'Change password and continue' }).click();
  await expect(other.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(other.getByRole('banner').getByText(firstName!, { exact: true })).toBeVisible();
  await context.close();
});
