import { startBuiltServer, startLoopbackGraph, type LoopbackGraph, type RunningServer } from '@srpf/test-kit';
import { test, expect, ADMIN } from '../lib/fixtures.js';
import { createStaff, first, openPage, optedOut, rowOf, second, slips, statusOf } from '../lib/payslip-whatsapp.js';
import { documentsTo, mediaOf, staffNumber, switchSelfServiceOn } from '../lib/self-service.js';

/**
 * Salary slips over WhatsApp through the Cloud API (issue 30): the built server speaks the Graph API to
 * the loopback Graph server (test-kit), which reports each message sent and then delivered to the
 * server's own webhook, signed as Meta signs them; the slips screen shows them move to Delivered.
 * Then a person's own request: with self-service switched on in Settings, the person writes "payslip"
 * (the loopback posts the signed inbound webhook) and gets their own slip back as a document, and
 * nobody else's; a person who did not agree to WhatsApp gets only the fixed reply, no slip.
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

  test('a person who writes "payslip" gets their own slip as a document, and the administrator sees the request', async ({
    browser,
  }) => {
    // Runs after the upload above: the three slips are ready.
    const { context, page } = await openPage(browser, 1366, cloud);
    try {
      await page.goto('/whatsapp');
      await switchSelfServiceOn(page, graph.phoneNumberId);

      const own = staffNumber(first);
      const notAgreed = staffNumber(optedOut);
      await graph.sendInbound(own, 'Please send my payslip', { name: first.firstName });
      await graph.sendInbound(notAgreed, 'payslip');
      // The webhook took both (signed with the app secret), then the inbound job answered them.
      expect(graph.callbacks.posted.every((call) => call.httpStatus === 200)).toBe(true);
      await expect.poll(() => documentsTo(graph, own).length, { timeout: 60_000 }).toBe(1);
      await expect
        .poll(() => graph.receipts.filter((receipt) => receipt.to === notAgreed).length, { timeout: 60_000 })
        .toBe(1);

      // Their own slip: the PDF uploaded under their slip's name, and no slip of anyone else to their number.
      const [reply] = documentsTo(graph, own);
      const media = mediaOf(graph, reply!);
      expect(media?.fileName).toContain(first.sevarthId);
      expect(media?.mimeType).toBe('application/pdf');
      expect(media?.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(reply!.message.kind === 'document' && reply!.message.document.filename).toContain(first.sevarthId);
      const slipsToThem = graph.receipts
        .filter((receipt) => receipt.to === own)
        .map((receipt) => mediaOf(graph, receipt)?.fileName)
        .filter((name) => name !== undefined);
      for (const other of slips.staff.filter((person) => person !== first))
        expect(
          slipsToThem.some((name) => name.includes(other.sevarthId)),
          `${other.sevarthId} sent to ${own}`,
        ).toBe(false);
      // Nobody else got a document; the person who did not agree got the fixed reply, no slip.
      expect(graph.receipts.filter((receipt) => receipt.type === 'document' && receipt.to !== own)).toEqual([]);
      const [fixed] = graph.receipts.filter((receipt) => receipt.to === notAgreed);
      expect(fixed!.message.kind).toBe('text');
      expect(fixed!.message.kind === 'text' && fixed!.message.text.body).toContain(
        'This number is not registered with SRPF WhatsApp services.',
      );

      // The administrator sees the request on /whatsapp.
      await page.reload();
      await page.getByLabel('Search messages').fill('Please send my payslip');
      const conversations = page.getByTestId('recent-conversations').locator('li');
      await expect(conversations).toHaveCount(1, { timeout: 20_000 });
      // Named as the person is on record (not by their WhatsApp profile name), with their number.
      await expect(conversations.first()).toContainText(`${first.firstName} ${first.middleName} ${first.lastName}`);
      await expect(conversations.first()).toContainText('+91 98220 10000');
      await expect(conversations.first()).toContainText('Please send my payslip');
    } finally {
      await context.close();
    }
  });
});
