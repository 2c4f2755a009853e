import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { startBuiltServer, type RunningServer } from '@srpf/test-kit';
import { test, expect, signInAs, ADMIN } from '../lib/fixtures.js';
import { expectNoAxeViolations, type Theme } from '../lib/axe.js';
import { codeSentTo, createPerson, type Person } from '../lib/number-verification.js';

/**
 * A person confirming their own number in Settings › Profile (issue 31), on a server of this file's
 * own (default `outbox` provider: the code is queued, nobody is contacted). The person changes the
 * number an administrator had set (a warning says WhatsApp stops until the new one is confirmed),
 * switches WhatsApp on, is sent a code, types a wrong one, then the right one, and sees WhatsApp on
 * and the number verified. The code is read as the phone would get it, from the queued message in the
 * database of the stopped server (the embedded database admits one process at a time); the server
 * restarts on the same data folder and another port, and the page, left open, reaches it through a
 * route that forwards its old address there.
 */

let dataDir: string;
let server: RunningServer;

async function start(): Promise<void> {
  server = await startBuiltServer({ admin: ADMIN, dataDir, env: { E2E_SUITE: 'whatsapp-verification' } });
}

async function openPage(
  browser: Browser,
  width: number,
  person: Person,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    viewport: { width, height: 900 },
  });
  const page = await context.newPage();
  await signInAs(page, person);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Profile' }).click();
  return { context, page };
}

/** Reads the code sent to the person while the server is stopped, then points the open page at the restarted one. */
async function readCodeAcrossRestart(context: BrowserContext, person: Person): Promise<string> {
  const pageBase = server.baseUrl;
  await server.stop();
  const code = await codeSentTo(dataDir, person.email);
  await start();
  const target = server.baseUrl;
  await context.route(`${pageBase}/**`, async (route) => {
    const response = await route.fetch({ url: route.request().url().replace(pageBase, target) });
    await route.fulfill({ response });
  });
  return code;
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const display = (phone: string) => `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`;

/**
 * Switches the theme with the header's toggle, without the reload `useTheme` does: the verification
 * step lives in the page's memory, as it does for the person typing a code.
 */
async function switchTheme(page: Page, theme: Theme): Promise<void> {
  const toggle = page.getByRole('banner').getByRole('button', { name: 'Toggle dark mode' });
  if ((await toggle.getAttribute('aria-pressed')) !== String(theme === 'dark')) await toggle.click();
  if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
  else await expect(page.locator('html')).not.toHaveClass(/(^|\s)dark(\s|$)/);
}

async function axeInBothThemes(page: Page, where: string): Promise<void> {
  for (const theme of ['light', 'dark'] as Theme[]) {
    await switchTheme(page, theme);
    await expectNoAxeViolations(page, `${where} (${theme})`);
  }
  await switchTheme(page, 'light');
}

/** The whole flow at one width, for a person whose number (set by an administrator) becomes `after`. */
async function verifyOwnNumber(browser: Browser, width: number, person: Person, after: string) {
  const { context, page } = await openPage(browser, width, person);
  try {
    const whatsapp = page.getByRole('region', { name: 'WhatsApp', exact: true });
    // Set by the administrator: verified.
    await expect(whatsapp.getByText('Verified by an administrator on')).toBeVisible();

    // The person's own new number: a warning first, then the number is not verified and WhatsApp stays off.
    const phone = page.getByLabel(/Phone/);
    await phone.fill(after);
    await expect(
      page.getByText('Changing your number switches WhatsApp off until you confirm the new number with a code.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile updated successfully!')).toBeVisible();
    await expect(whatsapp.getByText(`WhatsApp number: ${display(after)}`)).toBeVisible();
    await expect(whatsapp.getByText('Not verified')).toBeVisible();

    // Switching WhatsApp on asks for the number to be confirmed first.
    await whatsapp.getByLabel('Send me payslips and messages on WhatsApp').check();
    await whatsapp.getByRole('button', { name: 'Update WhatsApp preference' }).click();
    const step = page.getByRole('region', { name: 'Confirm your number' });
    await expect(step).toContainText(`We will send a 6-digit code to ${display(after)} on WhatsApp.`);
    await axeInBothThemes(page, `the verification step at ${width} px`);
    await step.getByRole('button', { name: 'Send code' }).click();
    await expect(step).toContainText(`Enter the 6-digit code sent to ${display(after)}.`);
    const codeBox = step.getByLabel('6-digit code');
    await expect(codeBox).toBeFocused();

    const code = await readCodeAcrossRestart(context, person);
    await codeBox.fill(otherCode(code));
    await step.getByRole('button', { name: 'Confirm' }).click();
    await expect(step.getByText('The code is not right. 4 tries left.')).toBeVisible();
    await axeInBothThemes(page, `a wrong code at ${width} px`);

    await codeBox.fill(code);
    await step.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('WhatsApp enabled').first()).toBeVisible();
    await expect(step).toBeHidden();
    await expect(whatsapp.getByText('Verified by you on')).toBeVisible();
    await expect(whatsapp.getByLabel('Send me payslips and messages on WhatsApp')).toBeChecked();
    await axeInBothThemes(page, `WhatsApp on and the number verified at ${width} px`);

    // As stored: a fresh page shows the same.
    await page.reload();
    await page.getByRole('tab', { name: 'Profile' }).click();
    await expect(
      page.getByRole('region', { name: 'WhatsApp', exact: true }).getByText('Verified by you on'),
    ).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'WhatsApp', exact: true })
        .getByLabel('Send me payslips and messages on WhatsApp'),
    ).toBeChecked();
  } finally {
    await context.close();
  }
}

const people = new Map<string, Person>();

test.describe('confirming one’s own number for WhatsApp', () => {
  test.describe.configure({ mode: 'serial' });
  // A first start migrates a fresh database, and each flow restarts the server once.
  test.setTimeout(240_000);

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(180_000);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'srpf-e2e-verification-'));
    await start();
    const request = await playwright.request.newContext({ baseURL: server.baseUrl });
    try {
      people.set('Sagar', await createPerson(request, 'Sagar', '9822100001'));
      people.set('Kavita', await createPerson(request, 'Kavita', '9822100002'));
    } finally {
      await request.dispose();
    }
  });

  test.afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('at 1366 px: a new number, a wrong code, the right code, WhatsApp on and the number verified', async ({
    browser,
  }) => {
    await verifyOwnNumber(browser, 1366, people.get('Sagar')!, '9822100011');
  });

  test('on a 390 px phone: the same', async ({ browser }) => {
    await verifyOwnNumber(browser, 390, people.get('Kavita')!, '9822100012');
  });
});
