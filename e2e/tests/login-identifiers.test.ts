import type { Page } from '@playwright/test';
import type { TUserResponse } from '@srpf/shared';
import { ApiSession } from '@srpf/test-kit';
import { expectNoAxeViolations, useTheme } from '../lib/axe.js';
import { test, expect, ADMIN } from '../lib/fixtures.js';

/**
 * A constable knows his mobile number and his Sevarth ID better than an email address: the sign-in
 * field takes either, as he types it, on a desk and on a phone.
 */

const IDENTIFIER_LABEL = 'Email, mobile number or Sevarth ID';

interface Constable {
  firstName: string;
  phone: string;
  sevarthId: string;
  password: string;
}

const randomLetters = (count: number) =>
  Array.from({ length: count }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');
const randomDigits = (count: number) =>
  Array.from({ length: count }, () => String(Math.floor(Math.random() * 10))).join('');

/** A constable the administrator adds, who then sets his own password (as his first sign-in asks). */
async function addConstable(baseUrl: string): Promise<Constable> {
  const admin = await ApiSession.signIn(baseUrl, ADMIN);
  const firstName = `Ganesh${randomLetters(4).toLowerCase()}`;
  const email = `${firstName.toLowerCase()}.shinde@srpf.test`;
  const phone = `9${randomDigits(9)}`;
  const sevarthId = `SRPF${randomLetters(3)}${randomDigits(4)}`;
  const initial = `Initial-${randomLetters(6)}-2026`;
  await admin.post<TUserResponse>('/api/users', {
    first_name: firstName,
    last_name: 'Shinde',
    email,
    phone,
    dgp_id: sevarthId,
    password: initial,
    role: 'viewer',
    company_id: 1,
  });
  const password = `Own-${randomLetters(6)}-2026`;
  const own = await ApiSession.signIn(baseUrl, { email, password: initial });
  await own.put('/api/users/profile/password', {
    current_password: initial,
    new_password: password,
    confirm_password: password,
  });
  return { firstName, phone, sevarthId, password };
}

async function openLogin(page: Page): Promise<void> {
  await page.goto('/login');
  await expect(page.locator('#root[data-hydrated]')).toHaveCount(1);
}

async function signInWith(page: Page, identifier: string, password: string): Promise<void> {
  await page.getByLabel(IDENTIFIER_LABEL, { exact: true }).fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** No part of the page reaches past the window's width: nothing to pan sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    content: document.documentElement.scrollWidth,
    window: document.documentElement.clientWidth,
  }));
  expect(widths.content).toBeLessThanOrEqual(widths.window);
}

let constable: Constable;
test.beforeAll(async ({ server }) => {
  constable = await addConstable(server.baseUrl);
});

for (const viewport of [
  { name: 'desk', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test.describe(`signing in by mobile number or Sevarth ID (${viewport.name}, ${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('signs in with the mobile number as he types it, +91 and spaces included', async ({ page }) => {
      await openLogin(page);
      const field = page.getByLabel(IDENTIFIER_LABEL, { exact: true });
      // A text box the phone's keyboard opens with letters, which password managers fill as the username.
      await expect(field).toHaveAttribute('type', 'text');
      await expect(field).toHaveAttribute('autocomplete', 'username');
      await expectNoSidewaysScroll(page);

      await signInWith(page, `+91 ${constable.phone.slice(0, 5)} ${constable.phone.slice(5)}`, constable.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByText(constable.firstName).filter({ visible: true }).first()).toBeVisible();
    });

    test('signs in with the Sevarth ID in small letters', async ({ page }) => {
      await openLogin(page);
      await signInWith(page, constable.sevarthId.toLowerCase(), constable.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByText(constable.firstName).filter({ visible: true }).first()).toBeVisible();
    });

    test('says what the field takes when it holds none of them, and the one message for a wrong password', async ({
      page,
    }) => {
      await openLogin(page);
      await signInWith(page, constable.phone.slice(1), constable.password);
      await expect(
        page.getByText('Enter an email address, a 10-digit mobile number or a Sevarth ID (7 letters and 4 digits)'),
      ).toBeVisible();
      await expectNoSidewaysScroll(page);
      for (const theme of ['light', 'dark'] as const) {
        await useTheme(page, theme);
        await expect(page.locator('#root[data-hydrated]')).toHaveCount(1);
        await page.getByRole('button', { name: 'Sign in', exact: true }).click();
        await expect(page.getByText('Email, mobile number or Sevarth ID is required')).toBeVisible();
        await expectNoAxeViolations(page, `/login with the field's error (${theme}, ${viewport.name})`);
      }

      await signInWith(page, constable.sevarthId, 'not-his-password');
      await expect(page.getByRole('alert')).toHaveText('Wrong email, mobile number, Sevarth ID or password');
      await expect(page).toHaveURL(/\/login$/);
    });
  });
}
