import { readFileSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { test, expect, signInAs, ADMIN } from '../lib/fixtures.js';
import { expectNoAxeViolations, useTheme, type Theme } from '../lib/axe.js';
import { startServer } from '../lib/server.js';
import { generateSlips, type Staff } from '../lib/generated-slips.js';

// A server of its own: these tests add people and slips, which the users list and the dashboard count.
// The demo data brings the designations the generated CSV names (Head Constable, Police Naik…).
test.use({ seedDemo: true, serverEnv: { E2E_SUITE: 'payslips' } });

async function bearer(request: APIRequestContext, email: string, password: string): Promise<Record<string, string>> {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return { authorization: `Bearer ${((await response.json()) as { token: string }).token}` };
}

/**
 * The staff of the slips, imported by the administrator from the generator's CSV on the Users screen
 * (their SEVARTH ID becomes their DGP ID); `own` then chooses their own password to sign in with.
 */
async function importStaff(
  page: Page,
  request: APIRequestContext,
  csv: string,
  own: Staff,
): Promise<{ email: string; password: string }> {
  await page.goto('/users');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Users from CSV' });
  await dialog.getByLabel('CSV file').setInputFiles(csv);
  await expect(dialog.getByText(own.sevarthId)).toBeVisible();
  await dialog.getByLabel('Company for all users').selectOption({ index: 1 });
  await dialog.getByRole('button', { name: /Import Users \(3\)/ }).click();
  const results = page.getByRole('dialog', { name: 'Import Results' });
  await expect(results).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    results.getByRole('button', { name: /password/i }).click(),
  ]);
  const line = readFileSync(await download.path(), 'utf8')
    .split('\n')
    .find((row) => row.includes(own.email));
  expect(line, 'the imported person is in the passwords file').toBeTruthy();
  const initial = line!
    .split(',')
    .at(-1)!
    .replace(/^"?'?/, '')
    .replace(/"?\r?$/, '');
  await page.keyboard.press('Escape');

  const password = 'Own-payslips-password-2026';
  const headers = await bearer(request, own.email, initial);
  const changed = await request.put('/api/users/profile/password', {
    headers,
    data: { current_password: initial, new_password: password, confirm_password: password },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
  return { email: own.email, password };
}

/** The staff of the slips created by the administrator through the API, their SEVARTH ID as DGP ID (a server without the demo designations). */
async function createStaff(request: APIRequestContext, people: Staff[]): Promise<void> {
  const admin = await bearer(request, ADMIN.email, ADMIN.password);
  for (const [index, person] of people.entries()) {
    const created = await request.post('/api/users', {
      headers: admin,
      data: {
        first_name: person.firstName,
        middle_name: person.middleName,
        last_name: person.lastName,
        email: person.email,
        phone: `98765${String(43_210 + index).padStart(5, '0')}`,
        password: 'Initial-payslips-2026',
        role: 'viewer',
        company_id: 1,
        dgp_id: person.sevarthId,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
}

// Table rows for an administrator, list items for a person's own slips.
const rows = (page: Page) => page.locator('[data-payslip-row]');
const rowOf = (page: Page, sevarthId: string, month: string) =>
  page.locator(`[data-payslip-row="${sevarthId}"]`, { hasText: month });

/**
 * Records, from now on, the text of the upload's progress bar each time the page changes it (the
 * bar shows only while the body goes out, which may be quicker than a poll from the test).
 */
async function recordProgressTexts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressTexts: string[] }).progressTexts = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('[role="progressbar"][aria-label="Upload progress"]');
      const text = bar?.getAttribute('aria-valuetext');
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuetext'],
    });
  });
}

async function recordedProgressTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { progressTexts: string[] }).progressTexts);
}

/** Waits until every slip of the page has its PDF (the list polls every 5 s while one is waiting). */
async function expectPdfsReady(page: Page, count: number): Promise<void> {
  await expect(rows(page)).toHaveCount(count);
  await expect(page.locator('[data-payslip-row][data-pdf-state="ready"]')).toHaveCount(count, { timeout: 90_000 });
}

async function chooseMonth(page: Page, month: string): Promise<void> {
  await page.getByLabel('Payslip Month').fill(month);
}

async function expectDownloadedPdf(
  page: Page,
  row: Locator,
  button: string | RegExp = /^Download the payslip of/,
): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: button }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const saved = readFileSync(await download.path());
  expect(saved.subarray(0, 5).toString()).toBe('%PDF-');
  return download.suggestedFilename();
}

const september = generateSlips('2026-09');
const october = generateSlips('2026-10');
const staff = september.staff;
const me = staff[0]!;
const meName = `${me.firstName} ${me.middleName} ${me.lastName}`;
let myAccount: { email: string; password: string };

test.describe('salary slips', () => {
  // One upload feeds every test below: they run in order, on one server.
  test.describe.configure({ mode: 'serial' });

  test('an administrator imports the staff from CSV, uploads two months of slips and a stray file, and sees the result panel', async ({
    page,
    request,
    signIn,
  }) => {
    await signIn();
    myAccount = await importStaff(page, request, september.csv, me);
    await page.goto('/salary-finance');
    await expect(page.getByRole('heading', { name: 'Salary & Finance', level: 1 })).toBeVisible();
    await expect(page.getByText('No payslips found')).toBeVisible();

    const upload = page.getByRole('region', { name: 'Upload Salary Slips' });
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByText('Please select at least one file.')).toBeVisible();

    // The stray page is long (≈ 256 KB of menu), so the body goes out in many pieces: the browser hands
    // a small body to the network at once and reports it all sent before the slow line has carried it.
    const menu = '<p>Canteen menu for the week: poha, chai, varan bhaat</p>\n'.repeat(4_600);
    const stray = {
      name: 'notes.html',
      mimeType: 'text/html',
      buffer: Buffer.from(`<html><body>${menu}</body></html>`),
    };
    await upload.getByLabel('Choose HTML files').setInputFiles([...september.files, ...october.files, stray]);
    await expect(upload.getByText(/^7 files selected/)).toBeVisible();
    // A slow line (about 64 KB/s up, some four seconds for these 270 KB), so the bytes sent of the total
    // show while the body goes out. Every state of the progress bar is recorded as the page draws it:
    // on a loaded machine a poll from here can come after the bar has gone (it failed CI twice so).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 64 * 1024,
    });
    await recordProgressTexts(page);
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    const result = page.getByRole('region', { name: 'Upload Successful' });
    await expect(result).toBeVisible({ timeout: 60_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const progress = await recordedProgressTexts(page);
    expect(progress.length, 'the progress bar showed while the body went out').toBeGreaterThan(0);
    for (const text of progress) expect(text).toMatch(/^Sent [\d.]+ (B|KB) of [\d.]+ KB \(\d+%\)$/);
    // The bar starts at 0 % before any byte has gone: a figure between shows the browser's progress reached it.
    expect(
      progress.some((text) => /\((?:[1-9]|[1-9]\d)%\)$/.test(text)),
      `the bar showed part of the body sent: ${progress.join(' | ')}`,
    ).toBe(true);
    await expect(result).toContainText('6 successful');
    await expect(result).toContainText('1 failed');
    await expect(result).toContainText('Salary months: September 2026, October 2026');
    await expect(result.getByRole('table', { name: 'Files that could not be uploaded' })).toContainText('notes.html');
    await expect(result.getByRole('table', { name: 'Files that could not be uploaded' })).toContainText(
      'Not a salary slip',
    );

    // The count badge and the list: six slips, each with its PDF once made.
    await expect(page.getByText('6 payslips', { exact: true })).toBeAttached();
    await expectPdfsReady(page, 6);
    const mine = rowOf(page, me.sevarthId, 'October 2026');
    await expect(mine).toContainText(meName);
    await expect(mine).toContainText(`${me.sevarthId}_2026-10.html`);
    await expect(mine).toContainText('Disabled');
    await expect(mine).toContainText('en');
    await expect(mine).toContainText('Generated');
  });

  test('the month, status and search filters, page sizes, a download and the selection bar', async ({
    page,
    signIn,
  }) => {
    await signIn();
    await page.goto('/salary-finance');
    await expectPdfsReady(page, 6);

    await chooseMonth(page, '2026-09');
    await expect(rows(page)).toHaveCount(3);
    await expect(rows(page).filter({ hasText: 'October 2026' })).toHaveCount(0);

    await page.getByLabel('Status').selectOption('sent');
    await expect(page.getByText('No payslips found')).toBeVisible();
    await page.getByLabel('Status').selectOption('generated');
    await expect(rows(page)).toHaveCount(3);

    await page.getByRole('searchbox', { name: 'Search payslips' }).fill(me.lastName);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(meName);
    expect(await expectDownloadedPdf(page, rows(page).first())).toBe(`${me.sevarthId}_2026-09.pdf`);

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(rows(page)).toHaveCount(6);
    await page.getByLabel('Rows per page').selectOption('20');
    await expect(page.getByText('Showing 1 to 6 of 6 payslips')).toBeVisible();

    // Select all, then the bar: 'Send via WhatsApp' asks first (sending itself: payslips-whatsapp.test.ts);
    // Cancel sends nothing and keeps the selection.
    await page.getByLabel('Select all payslips on this page').check();
    const bar = page.getByRole('region', { name: 'Selected payslips' });
    await expect(bar).toContainText('6 payslips selected');
    await bar.getByRole('button', { name: 'Send via WhatsApp' }).click();
    const confirm = page.getByRole('dialog', { name: 'Send via WhatsApp' });
    await expect(confirm).toContainText('Send 6 payslip(s) via WhatsApp?');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(bar).toContainText('6 payslips selected');
    await expect(rows(page).filter({ hasText: 'Generated' })).toHaveCount(6);
    await bar.getByRole('button', { name: 'Clear' }).click();
    await expect(bar).toBeHidden();

    // Another page size starts again from the first page, with nothing chosen.
    await page.getByLabel('Select all payslips on this page').check();
    await expect(bar).toBeVisible();
    await page.getByLabel('Rows per page').selectOption('10');
    await expect(bar).toBeHidden();
    await expect(page.getByText('Showing 1 to 6 of 6 payslips')).toBeVisible();
  });

  test('a second slip for the same month becomes a new version, the earlier one listed under it', async ({
    page,
    signIn,
  }) => {
    await signIn();
    await page.goto('/salary-finance');
    const again = september.files.find((file) => file.name.startsWith(me.sevarthId))!;
    await page.getByLabel('Choose HTML files').setInputFiles(again);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const result = page.getByRole('region', { name: 'Upload Successful' });
    await expect(result).toContainText('1 successful');
    await expect(result).toContainText('1 as a new version of an earlier slip');
    await expect(page.getByText('6 payslips', { exact: true })).toBeAttached();

    await chooseMonth(page, '2026-09');
    await page.getByRole('searchbox', { name: 'Search payslips' }).fill(me.sevarthId);
    await expectPdfsReady(page, 1);
    await rows(page).first().getByRole('button', { name: '1 earlier version' }).click();
    const earlier = page.locator('li[data-payslip-version="1"]');
    await expect(earlier).toContainText('Version 1');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      earlier.getByRole('button', { name: /^Download version 1/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  });

  test('a person opts in to WhatsApp under Settings › Profile and sees only their own slips, with download and no upload', async ({
    browser,
    baseURL,
    page,
    signIn,
  }) => {
    const context = await browser.newContext({
      baseURL,
      locale: 'en-IN',
      timezoneId: 'Asia/Kolkata',
      viewport: { width: 1366, height: 900 },
    });
    try {
      const own = await context.newPage();
      await signInAs(own, myAccount);
      await own.goto('/settings');
      await own.getByRole('tab', { name: 'Profile' }).click();
      const whatsapp = own.getByRole('region', { name: 'WhatsApp' });
      await whatsapp.getByLabel('Send me payslips and messages on WhatsApp').check();
      await whatsapp.getByLabel('WhatsApp language').selectOption('mr');
      await whatsapp.getByRole('button', { name: 'Update WhatsApp preference' }).click();
      await expect(own.getByText('WhatsApp enabled')).toBeVisible();
      await expect(whatsapp.getByText('Your choice is saved.')).toBeVisible();

      await own.goto('/salary-finance');
      await expect(own.getByRole('heading', { name: 'Salary & Finance', level: 1 })).toBeVisible();
      await expect(own.getByText('Your salary slips, ready to download')).toBeVisible();
      await expect(own.getByRole('region', { name: 'Upload Salary Slips' })).toHaveCount(0);
      await expect(own.getByLabel('Select all payslips on this page')).toHaveCount(0);
      await expectPdfsReady(own, 2);
      // His own list: month, net pay and Download; the administrator's columns (WhatsApp among them) are not his.
      await expect(own.getByRole('list', { name: 'My payslips' }).getByRole('listitem')).toHaveCount(2);
      await expect(rowOf(own, me.sevarthId, 'October 2026')).toContainText('Net pay');
      await expect(rows(own).first()).not.toContainText('Enabled');
      expect(
        await expectDownloadedPdf(
          own,
          rowOf(own, me.sevarthId, 'October 2026'),
          'Download the payslip for October 2026',
        ),
      ).toBe(`${me.sevarthId}_2026-10.pdf`);
    } finally {
      await context.close();
    }

    // The administrator's list shows the consent too.
    await signIn();
    await page.goto('/salary-finance');
    await expect(rowOf(page, me.sevarthId, 'October 2026')).toContainText('Enabled');
    await expect(rowOf(page, staff[1]!.sevarthId, 'October 2026')).toContainText('Disabled');
  });

  test('the whole page in Marathi', async ({ page, signIn }) => {
    await signIn();
    await page.evaluate(() => localStorage.setItem('srpf-language', 'mr'));
    await page.goto('/salary-finance');
    await expect(page.getByRole('heading', { name: 'वेतन व वित्त', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'वेतन पावत्या अपलोड करा' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'वेतन महिना' })).toBeVisible();
    await expect(rows(page).filter({ hasText: 'सप्टेंबर 2026' })).toHaveCount(3);
    await expect(page.getByRole('button', { name: 'अपलोड करा', exact: true })).toBeVisible();
    await page.evaluate(() => localStorage.setItem('srpf-language', 'en'));
  });

  for (const theme of ['light', 'dark'] as Theme[]) {
    test(`WCAG 2.1 AA in the ${theme} theme: upload result, list, versions and selection`, async ({ page, signIn }) => {
      await signIn();
      await page.goto('/salary-finance');
      await useTheme(page, theme);
      await expectPdfsReady(page, 6);
      const stray = { name: `stray-${theme}.html`, mimeType: 'text/html', buffer: Buffer.from('<p>nothing here</p>') };
      await page.getByLabel('Choose HTML files').setInputFiles([october.files[1]!, stray]);
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      await expect(page.getByRole('region', { name: 'Upload Successful' })).toBeVisible({ timeout: 60_000 });
      await page.getByLabel('Select all payslips on this page').check();
      await expect(page.getByRole('region', { name: 'Selected payslips' })).toBeVisible();
      await rows(page)
        .filter({ has: page.getByRole('button', { name: /earlier version/ }) })
        .first()
        .getByRole('button', { name: /earlier version/ })
        .click();
      await expectNoAxeViolations(page, `/salary-finance (${theme})`);

      await page.goto('/settings');
      await page.getByRole('tab', { name: 'Profile' }).click();
      await expect(page.getByRole('region', { name: 'WhatsApp' })).toBeVisible();
      await expectNoAxeViolations(page, `Settings › Profile with WhatsApp (${theme})`);
    });
  }
});

test('without Chromium the slips are stored and matched, the panel says the PDFs wait for it, and nothing downloads yet', async ({
  browser,
  playwright,
}) => {
  // A second server of its own, whose renderer cannot start.
  test.setTimeout(240_000);
  const server = await startServer({ E2E_SUITE: 'payslips-no-chromium', CHROMIUM_PATH: '/nonexistent/chromium' });
  const request = await playwright.request.newContext({ baseURL: server.baseUrl });
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    viewport: { width: 1366, height: 900 },
  });
  try {
    await createStaff(request, staff);
    const page = await context.newPage();
    await signInAs(page, ADMIN);
    await page.goto('/salary-finance');
    await page.getByLabel('Choose HTML files').setInputFiles(september.files);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const result = page.getByRole('region', { name: 'Upload Successful' });
    await expect(result).toContainText('3 successful');
    await expect(result).toContainText('0 failed');
    await expect(result).toContainText('PDFs will be made once Chromium is installed.');
    await expect(rows(page)).toHaveCount(3);
    const mine = rowOf(page, me.sevarthId, 'September 2026');
    await expect(mine).toHaveAttribute('data-pdf-state', 'waiting');
    await expect(mine).toContainText('PDF waiting');
    // The note in the reader's words, and for an administrator the renderer's own under it.
    await expect(mine).toContainText(
      "Waiting for the server's PDF printer (Chromium); it will be made once that is installed.",
    );
    await expect(mine).toContainText('/nonexistent/chromium');
    await expect(mine.getByRole('button', { name: /^Download/ })).toHaveCount(0);
  } finally {
    await context.close();
    await request.dispose();
    await server.stop();
  }
});
