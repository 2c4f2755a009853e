import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBuiltServer, type RunningServer } from '@srpf/test-kit';
import { test, expect, ADMIN } from '../lib/fixtures.js';
import { expectNoAxeViolations, useTheme, type Theme } from '../lib/axe.js';
import { markNeedsCheck } from '../lib/payslip-delivery.js';
import {
  createStaff,
  first,
  MONTH_TEXT,
  openPage,
  optedOut,
  rowOf,
  rows,
  second,
  slipId,
  slips,
  statusOf,
} from '../lib/payslip-whatsapp.js';

/**
 * Salary slips over WhatsApp from /salary-finance (issue 30), on a server of this file's own with the
 * default `outbox` provider (messages stored, nobody contacted) and jobs worked in-process: an
 * administrator sends, the statuses move Queued → Sent as the outbox worker runs, and slips that need
 * a check (made so in the stopped server's database, as a killed worker leaves them) are resent by hand
 * or marked as sent. The server is restarted on the same data folder for that, so this file starts its
 * own rather than the fixture's.
 */

const NEEDS_CHECK_REASON = 'The worker stopped after WhatsApp accepted the message; no status came back';
const OUTBOX_TEXT = 'WhatsApp is not connected: messages are stored in the outbox and nobody receives them.';

let dataDir: string;
let server: RunningServer;
let secondNeedsCheckAgain = false;

async function start(): Promise<void> {
  server = await startBuiltServer({ admin: ADMIN, dataDir, env: { E2E_SUITE: 'payslips-whatsapp' } });
}

test.describe('salary slips over WhatsApp', () => {
  test.describe.configure({ mode: 'serial' });
  // A first start migrates a fresh database, and the needs-check test restarts the server.
  test.setTimeout(240_000);

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(180_000);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'srpf-e2e-whatsapp-'));
    await start();
    const request = await playwright.request.newContext({ baseURL: server.baseUrl });
    try {
      await createStaff(request);
    } finally {
      await request.dispose();
    }
  });

  test.afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('an administrator sends two slips: the confirm, the selection cleared, the result, the outbox notice, Queued → Sent', async ({
    browser,
  }) => {
    const { context, page } = await openPage(browser, 1366, server);
    try {
      await page.goto('/salary-finance');
      await page.getByLabel('Choose HTML files').setInputFiles(slips.files);
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      await expect(page.getByRole('region', { name: 'Upload Successful' })).toContainText('3 successful', {
        timeout: 60_000,
      });
      await expect(page.locator('[data-payslip-row][data-pdf-state="ready"]')).toHaveCount(3, { timeout: 90_000 });
      for (const person of slips.staff) await expect(statusOf(page, person)).toContainText('Generated');

      // The outbox says plainly that nobody receives anything.
      const notices = page.getByRole('region', { name: 'WhatsApp sending', exact: true });
      await expect(notices.locator('[data-queue-banner="outbox"]')).toContainText(OUTBOX_TEXT, { timeout: 20_000 });

      for (const person of [first, second])
        await rowOf(page, person)
          .getByRole('checkbox', { name: /^Select the payslip of/ })
          .check();
      const bar = page.getByRole('region', { name: 'Selected payslips' });
      await expect(bar).toContainText('2 payslips selected');
      await bar.getByRole('button', { name: 'Send via WhatsApp' }).click();
      const confirm = page.getByRole('dialog', { name: 'Send via WhatsApp' });
      await expect(confirm).toContainText('Send 2 payslip(s) via WhatsApp?');
      await confirm.getByRole('button', { name: 'Send', exact: true }).click();

      await expect(confirm).toBeHidden();
      await expect(bar).toBeHidden();
      await expect(page.getByLabel('Select all payslips on this page')).not.toBeChecked();
      const result = page.getByRole('region', { name: 'Result of the WhatsApp send', exact: true });
      await expect(result).toContainText('2 payslips queued for WhatsApp.');
      await expect(result).toContainText(
        'WhatsApp is not connected: these messages are stored in the outbox and nobody receives them.',
      );

      // Queued at once, then Sent as the in-process outbox worker hands each over; the list refreshes itself.
      for (const person of [first, second]) {
        await expect(statusOf(page, person)).toHaveAttribute('data-delivery-status', /^(queued|sent)$/);
        await expect(statusOf(page, person)).toHaveAttribute('data-delivery-status', 'sent', { timeout: 45_000 });
        await expect(statusOf(page, person)).toContainText('Sent');
      }
      await expect(statusOf(page, optedOut)).toContainText('Generated');

      // Sending again skips, grouped by reason with the names: already sent, WhatsApp not enabled.
      for (const person of [first, optedOut])
        await rowOf(page, person)
          .getByRole('checkbox', { name: /^Select the payslip of/ })
          .check();
      await bar.getByRole('button', { name: 'Send via WhatsApp' }).click();
      await expect(confirm).toContainText('Send 2 payslip(s) via WhatsApp?');
      await confirm.getByRole('button', { name: 'Send', exact: true }).click();
      await expect(bar).toBeHidden();
      await expect(result).toContainText('0 payslips queued for WhatsApp.');
      await expect(result).toContainText('2 payslips were not queued:');
      await expect(result.locator('[data-skip-reason="already_sent"]')).toContainText('Already queued or sent: 1');
      await expect(result.locator('[data-skip-reason="already_sent"]')).toContainText(first.lastName);
      await expect(result.locator('[data-skip-reason="whatsapp_disabled"]')).toContainText(
        'WhatsApp not enabled by the person: 1',
      );
      await expect(result.locator('[data-skip-reason="whatsapp_disabled"]')).toContainText(optedOut.lastName);
      await expect(statusOf(page, optedOut)).toContainText('Generated');
    } finally {
      await context.close();
    }
  });

  test('slips that need a check: the notice links to them, one is resent by hand on a phone, the other marked as sent', async ({
    browser,
    playwright,
  }) => {
    // Made so in the database while the server is stopped, as a worker killed mid-send leaves them.
    const request = await playwright.request.newContext({ baseURL: server.baseUrl });
    const ids = [await slipId(request, first.sevarthId), await slipId(request, second.sevarthId)];
    await request.dispose();
    await server.stop();
    await markNeedsCheck(dataDir, ids, NEEDS_CHECK_REASON);
    await start();

    const { context, page } = await openPage(browser, 1366, server);
    try {
      await page.goto('/salary-finance');
      const notices = page.getByRole('region', { name: 'WhatsApp sending', exact: true });
      const needsCheck = notices.locator('[data-queue-banner="needsCheck"]');
      await expect(needsCheck).toContainText(
        '2 payslips need a check: it is not known whether they reached the people.',
        { timeout: 20_000 },
      );
      await needsCheck.getByRole('link', { name: 'Show the payslips that need a check' }).click();
      await expect(page).toHaveURL(/\/salary-finance\?status=needs_check$/);
      await expect(page.getByLabel('Status')).toHaveValue('needs_check');
      await expect(rows(page)).toHaveCount(2);
      for (const person of [first, second]) {
        await expect(statusOf(page, person)).toContainText('Needs a check');
        await expect(statusOf(page, person)).toContainText(`Reason: ${NEEDS_CHECK_REASON}`);
      }

      // On a phone each row is a card; Resend is there, and asks first, naming the risk.
      await page.setViewportSize({ width: 390, height: 844 });
      const resend = rowOf(page, first).getByRole('button', { name: /^Resend the payslip of/ });
      await expect(resend).toBeVisible();
      await resend.click();
      const resendConfirm = page.getByRole('dialog', { name: 'Resend this payslip?' });
      await expect(resendConfirm).toContainText('Resending may deliver it twice');
      await resendConfirm.getByRole('button', { name: 'Resend', exact: true }).click();
      // WhatsApp is not connected here (the outbox): the notice says nobody receives it.
      await expect(
        page.getByText(/is queued again\. WhatsApp is not connected: it goes to the outbox and nobody receives it\.$/),
      ).toBeVisible();
      // Queued again, it leaves the list of those that need a check.
      await expect(rowOf(page, first)).toHaveCount(0);

      // Back on a laptop, the other is marked as sent once the person confirms they received it.
      await page.setViewportSize({ width: 1366, height: 900 });
      await rowOf(page, second)
        .getByRole('button', { name: /^Mark as sent: the payslip of/ })
        .click();
      const markConfirm = page.getByRole('dialog', { name: 'Mark this payslip as sent?' });
      await expect(markConfirm).toContainText('only if');
      await markConfirm.getByRole('button', { name: 'Mark as sent', exact: true }).click();
      await expect(page.getByText(/is marked as sent\.$/)).toBeVisible();
      await expect(page.getByText('No payslips found')).toBeVisible();
      await expect(needsCheck).toBeHidden({ timeout: 20_000 });

      await page.getByRole('button', { name: 'Clear Filters' }).click();
      await expect(page).toHaveURL(/\/salary-finance$/);
      await expect(statusOf(page, second)).toHaveAttribute('data-delivery-status', 'sent');
      await expect(statusOf(page, first)).toHaveAttribute('data-delivery-status', 'sent', { timeout: 45_000 });
    } finally {
      await context.close();
    }
  });

  for (const theme of ['light', 'dark'] as Theme[])
    for (const width of [1366, 390])
      test(`WCAG 2.1 AA in the ${theme} theme at ${width} px: the notices, the statuses, a needs-check slip, the confirm and the result`, async ({
        browser,
        playwright,
      }) => {
        // One slip needs a check again (once, for all four: nobody acts on it), so its reason and actions show.
        if (!secondNeedsCheckAgain) {
          const request = await playwright.request.newContext({ baseURL: server.baseUrl });
          const id = await slipId(request, second.sevarthId);
          await request.dispose();
          await server.stop();
          await markNeedsCheck(dataDir, [id], NEEDS_CHECK_REASON);
          await start();
          secondNeedsCheckAgain = true;
        }

        const { context, page } = await openPage(browser, width, server);
        try {
          await page.goto('/salary-finance');
          await useTheme(page, theme);
          await expect(page.locator('[data-queue-banner="outbox"]')).toBeVisible({ timeout: 20_000 });
          await expect(page.locator('[data-queue-banner="needsCheck"]')).toBeVisible();
          await expect(statusOf(page, second)).toContainText('Needs a check');
          await expect(rowOf(page, second).getByRole('button', { name: /^Resend the payslip of/ })).toBeVisible();
          await expect(rows(page).filter({ hasText: MONTH_TEXT })).toHaveCount(3);

          // A send whose slips are all skipped: the result notice stays on screen with its groups.
          await rowOf(page, optedOut)
            .getByRole('checkbox', { name: /^Select the payslip of/ })
            .check();
          await page.getByRole('button', { name: 'Send via WhatsApp' }).click();
          const confirm = page.getByRole('dialog', { name: 'Send via WhatsApp' });
          await expect(confirm).toContainText('Send 1 payslip(s) via WhatsApp?');
          await expectNoAxeViolations(page, `/salary-finance send confirm (${theme}, ${width} px)`);
          await confirm.getByRole('button', { name: 'Send', exact: true }).click();
          await expect(page.getByRole('region', { name: 'Result of the WhatsApp send', exact: true })).toContainText(
            'WhatsApp not enabled by the person: 1',
          );
          await expectNoAxeViolations(page, `/salary-finance with WhatsApp notices (${theme}, ${width} px)`);
        } finally {
          await context.close();
        }
      });
});
