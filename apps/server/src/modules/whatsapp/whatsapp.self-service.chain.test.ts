import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { startLoopbackGraph, type LoopbackGraph } from '@srpf/test-kit';
import { users, whatsappInboundMessages } from '../../db/schema/index.js';
import { clock } from '../../lib/clock.js';
import { testConfig } from '../../test/test-app.js';
import { createPayslipTestApp, type PayslipTestApp } from '../../test/payslip-fixtures.js';
import { buildSlip, recordingJobs, workerSide } from '../../test/whatsapp-fixtures.js';
import { createCloudProvider } from './whatsapp.cloud-provider.js';
import { createInboundHandling } from './whatsapp.inbound.job.js';
import { queueWhatsappMessage } from './whatsapp.messages.queue.js';
import { setSelfService } from './whatsapp.self-service-flag.js';

/**
 * Self-service the whole way, as in production but for the address (issue 31): a person writes
 * "payslip" to the loopback Graph server, which posts the signed inbound webhook to the server; the
 * inbound job queues the reply; the send job hands it to the Cloud API (the loopback, over HTTP): the
 * person's own slip as a document, inside the window their message opened, and nobody else's.
 */

const PDF = (name: string) => Buffer.from(`%PDF-1.4\n% slip of ${name}\n%%EOF\n`);

vi.mock('../payslips/payslips.renderer.js', () => ({
  chromiumRenderer: { render: async () => Buffer.from('%PDF-1.4\n%%EOF\n'), state: async () => ({ available: true }) },
}));

let graph: LoopbackGraph;
let t: PayslipTestApp;

beforeAll(async () => {
  graph = await startLoopbackGraph({ autoStatuses: ['sent', 'delivered'], seed: 31 });
  t = await createPayslipTestApp({
    whatsapp: {
      ...testConfig().whatsapp,
      provider: 'cloud',
      graphUrl: graph.url,
      graphVersion: 'v23.0',
      phoneNumberId: graph.phoneNumberId,
      accessToken: graph.accessToken,
      appSecret: graph.appSecret,
      verifyToken: 'self-service-verify-token',
      payslipTemplate: 'salary_slip',
      authTemplate: 'sign_in_code',
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  graph.webhookUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/whatsapp/webhook`;
  await setSelfService(t.database.db, true, new Date());
});
afterAll(async () => {
  await graph.close();
  await t.close();
});

async function verifiedPerson(language: 'en' | 'mr' | 'hi') {
  const slip = await buildSlip(t, { whatsapp_language: language, pdf: false });
  await t.givePdf(slip.id, PDF(`person ${slip.userId}`));
  await t.database.db
    .update(users)
    .set({ phone_verified_at: new Date(), phone_verified_source: 'self' })
    .where(eq(users.id, slip.userId));
  return { ...slip, number: `91${slip.phone}` };
}

describe('a person asking for their slip over WhatsApp', () => {
  it('gets their own slip back from the Cloud API as a document, and nobody else’s', async () => {
    const asha = await verifiedPerson('mr');
    const ravi = await verifiedPerson('en');

    await graph.sendInbound(asha.number, 'पगार', { bsuid: 'IN.chain.asha', name: 'Asha' });
    await graph.settled();
    expect(graph.callbacks.posted.every((call) => call.httpStatus === 200)).toBe(true);
    const [inbound] = await t.database.db
      .select()
      .from(whatsappInboundMessages)
      .where(eq(whatsappInboundMessages.from_number, asha.number));
    expect(inbound).toMatchObject({ from_bsuid: 'IN.chain.asha', contact_name: 'Asha', body: 'पगार' });

    // The worker's side: the inbound job, then the send job with the Cloud provider.
    const outcome = await createInboundHandling({ db: t.database.db, clock, jobs: recordingJobs() }).run({
      inboundId: inbound!.id,
    });
    expect(outcome).toMatchObject({ intent: 'payslip', deliveryId: expect.any(Number) });
    const worker = workerSide(t, createCloudProvider(t.config.whatsapp));
    expect(await worker.sending.run({ deliveryId: outcome.deliveryId! })).toMatchObject({ outcome: 'sent' });
    await graph.settled();

    const received = graph.receipts.filter((receipt) => receipt.to === asha.number);
    expect(received).toHaveLength(1);
    expect(received[0]!.message).toMatchObject({ kind: 'document' });
    const document = received[0]!.message.kind === 'document' ? received[0]!.message.document : undefined;
    expect(document?.caption).toMatch(/वेतन पावती/);
    expect(graph.media.get(document!.id!)?.bytes.toString()).toContain(`slip of person ${asha.userId}`);
    // Nothing went to anyone else, and Ravi's slip was never uploaded.
    expect(graph.receipts.filter((receipt) => receipt.to !== asha.number)).toEqual([]);
    expect([...graph.media.values()].some((media) => media.bytes.toString().includes(`person ${ravi.userId}`))).toBe(
      false,
    );
    // The BSUID seen beside her verified number is hers from now on.
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, asha.userId));
    expect(stored!.whatsapp_bsuid).toBe('IN.chain.asha');
  });

  it('a STOP is confirmed by a text the Cloud API takes inside the window, and a code goes as the authentication template', async () => {
    const ravi = await verifiedPerson('hi');
    await graph.sendInbound(ravi.number, 'रोको');
    await graph.settled();
    const [inbound] = await t.database.db
      .select()
      .from(whatsappInboundMessages)
      .where(eq(whatsappInboundMessages.from_number, ravi.number));
    const outcome = await createInboundHandling({ db: t.database.db, clock, jobs: recordingJobs() }).run({
      inboundId: inbound!.id,
    });
    expect(outcome.intent).toBe('stop');
    const worker = workerSide(t, createCloudProvider(t.config.whatsapp));
    expect(await worker.sending.run({ deliveryId: outcome.deliveryId! })).toMatchObject({ outcome: 'sent' });
    const [confirmation] = graph.receipts.filter((receipt) => receipt.to === ravi.number);
    expect(confirmation!.message).toMatchObject({ kind: 'text', text: { previewUrl: false } });
    expect(confirmation!.message.kind === 'text' && confirmation!.message.text.body).toMatch(/बंद कर दिए गए/);

    const { deliveryId } = await t.database.db.transaction((tx) =>
      queueWhatsappMessage(
        tx,
        recordingJobs(),
        {
          kind: 'template',
          origin: 'verification',
          userId: ravi.userId,
          // A code goes only to the person's own number (checked again when it is sent).
          toNumber: ravi.number,
          language: 'hi',
          templateName: 'sign_in_code',
          templateParams: ['731904'],
          body: null,
          requestedBy: ravi.userId,
        },
        new Date(),
      ),
    );
    // Past the 6 s WhatsApp wants between two messages to one person (the STOP's confirmation went just now).
    clock.set(new Date(Date.now() + 7_000));
    try {
      expect(await worker.sending.run({ deliveryId })).toMatchObject({ outcome: 'sent' });
    } finally {
      clock.set(null);
    }
    const [code] = graph.receipts.filter(
      (receipt) => receipt.to === ravi.number && receipt.message.kind === 'template',
    );
    expect(code!.message).toMatchObject({
      kind: 'template',
      name: 'sign_in_code',
      language: 'hi',
      bodyParameters: ['731904'],
      buttons: [{ subType: 'url', index: 0, text: '731904' }],
    });
  });
});
