import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { startLoopbackGraph, type LoopbackGraph } from '@srpf/test-kit';
import { payslips } from '../../db/schema/index.js';
import { testConfig } from '../../test/test-app.js';
import { createPayslipTestApp, type PayslipTestApp, type Request } from '../../test/payslip-fixtures.js';
import { buildSlip, deliveryReads, workerSide } from '../../test/whatsapp-fixtures.js';
import { createCloudProvider } from './whatsapp.cloud-provider.js';

/**
 * The whole way, as in production but for the address: the send request, the job handing the slip to
 * the Cloud API (the loopback Graph server, over HTTP), and the signed status callbacks the loopback
 * posts back to the server's own webhook, out of order and some twice, moving the slip to read; a
 * message WhatsApp later reports failed leaves its slip failed with the reason.
 */

vi.mock('../payslips/payslips.renderer.js', () => ({
  chromiumRenderer: { render: async () => Buffer.from('%PDF-1.4\n%%EOF\n'), state: async () => ({ available: true }) },
}));

let graph: LoopbackGraph;
let t: PayslipTestApp;
let asAdmin: Request;

beforeAll(async () => {
  graph = await startLoopbackGraph({
    autoStatuses: ['sent', 'delivered', 'read'],
    callbacks: { outOfOrder: true, duplicateFraction: 0.5, delayMs: [0, 30] },
    seed: 7,
  });
  t = await createPayslipTestApp({
    whatsapp: {
      ...testConfig().whatsapp,
      provider: 'cloud',
      graphUrl: graph.url,
      graphVersion: 'v23.0',
      phoneNumberId: graph.phoneNumberId,
      accessToken: graph.accessToken,
      appSecret: graph.appSecret,
      verifyToken: 'chain-verify-token',
      payslipTemplate: 'salary_slip',
      authTemplate: 'sign_in_code',
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  graph.webhookUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/whatsapp/webhook`;
  asAdmin = (await t.asUser({ role: 'admin' })).request;
});
afterAll(async () => {
  await graph.close();
  await t.close();
});

/** Sends the slip through the API and works its job with the Cloud provider; the delivery's id. */
async function sendAndWork(slipId: number) {
  const response = await asAdmin({ method: 'POST', url: `/api/payslips/${slipId}/send` });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toMatchObject({ data: { queued: [slipId], provider: 'cloud' } });
  const delivery = await deliveryReads(t, asAdmin).latestDeliveryOf(slipId);
  const worker = workerSide(t, createCloudProvider(t.config.whatsapp));
  expect(await worker.sending.run({ deliveryId: delivery.id })).toMatchObject({ outcome: 'sent' });
  await graph.settled();
  return delivery.id;
}

const slipStatus = async (id: number) => (await t.database.db.select().from(payslips).where(eq(payslips.id, id)))[0]!;

describe('a slip sent through the Cloud API', () => {
  it('reaches WhatsApp once, as the template with its PDF, and its callbacks, in any order and repeated, leave it read', async () => {
    const slip = await buildSlip(t, { whatsapp_language: 'mr' });
    const deliveryId = await sendAndWork(slip.id);

    const received = graph.receipts.filter((receipt) => receipt.to === `91${slip.phone}`);
    expect(received).toHaveLength(1);
    const [attempt] = await deliveryReads(t, asAdmin).attemptsOf(deliveryId);
    expect(received[0]).toMatchObject({ type: 'template', callbackData: attempt!.key, wamid: attempt!.wamid });
    expect(received[0]!.message).toMatchObject({ kind: 'template', name: 'salary_slip', language: 'mr' });
    // Its header carries the slip's PDF, uploaded first as media.
    const header = received[0]!.message.kind === 'template' ? received[0]!.message.headerDocument : undefined;
    expect(header?.id && graph.media.get(header.id)?.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // Every callback was accepted by the server's webhook (signed with the app secret).
    expect(graph.callbacks.posted.length).toBeGreaterThanOrEqual(3);
    expect(graph.callbacks.posted.every((call) => call.httpStatus === 200)).toBe(true);

    expect(await slipStatus(slip.id)).toMatchObject({ status: 'read' });
    const list = await asAdmin({ method: 'GET', url: `/api/salary-slip/salaryslips/all?user_id=${slip.userId}` });
    expect(list.json().data.payslips[0]).toMatchObject({ id: slip.id, status: 'read' });
  });

  it('is failed with the reason when WhatsApp reports it undeliverable after accepting it', async () => {
    const slip = await buildSlip(t);
    graph.failNextInCallback(131026);
    await sendAndWork(slip.id);
    const after = await slipStatus(slip.id);
    expect(after.status).toBe('failed');
    expect(after.status_reason).toMatch(/131026/);
  });
});
