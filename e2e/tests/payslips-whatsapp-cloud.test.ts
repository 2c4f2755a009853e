import { startBuiltServer, startLoopbackGraph, type LoopbackGraph, type RunningServer } from '@srpf/test-kit';
import { test, expect, ADMIN } from '../lib/fixtures.js';
import { createStaff, first, openPage, optedOut, rowOf, second, slips, statusOf } from '../lib/payslip-whatsapp.js';

/**
 * Salary slips over WhatsApp through the Cloud API (issue 30): the built server speaks the Graph API to
 * the loopback Graph server (test-kit), which reports each message sent and then delivered to the
 * server's own webhook, signed as Meta signs them; the slips screen shows them move to Delivered.
 */

test.describe('salary slips over WhatsApp through the Cloud API', () => {
  // The server speaks the Graph API to the loopback Graph server, which reports each message sent and
  // then delivered to the server's own webhook, signed as Meta signs them.
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(240_000);
  let graph: LoopbackGraph;
  let cloud: RunningServer;

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(180_000);
    graph = await startLoopbackGraph({ autoStatuses: ['sent', 'delivered'], callbacks: { delayMs: [200, 800] } });
    cloud = await startBuiltServer({
      admin: ADMIN,
      env: {
        E2E_SUITE: 'payslips-whatsapp-cloud',
        WHATSAPP_PROVIDER: 'cloud',
        WHATSAPP_GRAPH_URL: graph.url,
        WHATSAPP_PHONE_NUMBER_ID: graph.phoneNumberId,
        WHATSAPP_ACCESS_TOKEN: graph.accessToken,
        WHATSAPP_APP_SECRET: graph.appSecret,
        WHATSAPP_VERIFY_TOKEN: 'e2e-verify-token',
        WHATSAPP_PAYSLIP_TEMPLATE: 'srpf_salary_slip',
        WHATSAPP_AUTH_TEMPLATE: 'srpf_sign_in_code',
      },
    });
    graph.webhookUrl = `${cloud.baseUrl}/api/whatsapp/webhook`;
    const request = await playwright.request.newContext({ baseURL: cloud.baseUrl });
    try {
      await createStaff(request);
    } finally {
      await request.dispose();
    }
  });

  test.afterAll(async () => {
    await cloud?.stop();
    await graph?.close();
  });

  test('two slips sent on a phone reach WhatsApp once each and move to Delivered as its reports come back', async ({
    browser,
  }) => {
    const { context, page } = await openPage(browser, 390, cloud);
    try {
      await page.goto('/salary-finance');
      await page.getByLabel('Choose HTML files').setInputFiles(slips.files);
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      await expect(page.locator('[data-payslip-row][data-pdf-state="ready"]')).toHaveCount(3, { timeout: 90_000 });
      // Connected: no outbox notice.
      await expect(page.locator('[data-queue-banner="outbox"]')).toHaveCount(0);

      for (const person of [first, second])
        await rowOf(page, person)
          .getByRole('checkbox', { name: /^Select the payslip of/ })
          .check();
      await page.getByRole('button', { name: 'Send via WhatsApp' }).click();
      const confirm = page.getByRole('dialog', { name: 'Send via WhatsApp' });
      await expect(confirm).toContainText('Send 2 payslip(s) via WhatsApp?');
      await confirm.getByRole('button', { name: 'Send', exact: true }).click();
      const result = page.getByRole('region', { name: 'Result of the WhatsApp send', exact: true });
      await expect(result).toContainText('2 payslips queued for WhatsApp.');
      await expect(result).not.toContainText('outbox');

      for (const person of [first, second])
        await expect(statusOf(page, person)).toHaveAttribute('data-delivery-status', 'delivered', {
          timeout: 60_000,
        });
      await expect(statusOf(page, first)).toContainText('Delivered');
      await expect(statusOf(page, optedOut)).toContainText('Generated');
      // Once each, as the template with the slip's PDF, in each person's language.
      expect(graph.receipts.map((receipt) => receipt.message.kind)).toEqual(['template', 'template']);
      expect(
        graph.receipts.map((receipt) => (receipt.message.kind === 'template' ? receipt.message.language : '')).sort(),
      ).toEqual(['en', 'mr']);
      expect(graph.duplicateCallbackData().size).toBe(0);
    } finally {
      await context.close();
    }
  });
});
