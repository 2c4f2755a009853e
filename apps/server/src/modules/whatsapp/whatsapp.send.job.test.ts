import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { ZWhatsappQueueResponse } from '@srpf/shared';
import {
  auditLog,
  payslips,
  whatsappDeliveries,
  whatsappInboundMessages,
  whatsappOutbox,
} from '../../db/schema/index.js';
import { createPayslipTestApp, type PayslipTestApp, type Request } from '../../test/payslip-fixtures.js';
import { deliveryReads, scriptedProvider, workerSide, type DeliveryReads } from '../../test/whatsapp-fixtures.js';
import { WhatsappApiError } from './whatsapp.provider.js';

/** The send job: each Cloud API error's outcome, the pause and its resume, the 24-hour window. */

vi.mock('../payslips/payslips.renderer.js', () => ({
  chromiumRenderer: { render: async () => Buffer.from('%PDF-1.4\n%%EOF\n'), state: async () => ({ available: true }) },
}));

let t: PayslipTestApp;
let asAdmin: Request;
let asClerk: Request;
let asViewer: Request;

const apiError = (code: number | undefined, httpStatus: number | undefined = 400) =>
  new WhatsappApiError(`error ${code}`, code, httpStatus, code === undefined ? undefined : `details of ${code}`);

let reads: DeliveryReads;
const resume = (request: Request) => request({ method: 'POST', url: '/api/whatsapp/queue/resume' });

beforeAll(async () => {
  t = await createPayslipTestApp();
  asAdmin = (await t.asUser({ role: 'admin' })).request;
  reads = deliveryReads(t, asAdmin);
  asClerk = (await t.asUser({ role: 'viewer', granted_permissions: ['manage_payslips'] })).request;
  asViewer = (await t.asUser({ role: 'viewer' })).request;
});
afterAll(async () => t.close());

describe('what each Cloud API error does', () => {
  it.each([
    ['130429 (throughput)', apiError(130429)],
    ['131056 (pair rate)', apiError(131056)],
    ['a 5xx answer with an unknown code', apiError(999_999, 503)],
    ['a network error', apiError(undefined, undefined)],
  ])('retries %s later with back-off, re-enqueued for then', async (_label, error) => {
    const { slip, deliveryId } = await reads.queuedSlip();
    const { provider } = scriptedProvider([error]);
    const worker = workerSide(t, provider);
    const before = Date.now();
    expect(await worker.sending.run({ deliveryId })).toMatchObject({ outcome: 'retry' });
    const delivery = await reads.deliveryOf(deliveryId);
    expect(delivery).toMatchObject({
      state: 'queued',
      waiting_for: 'retry',
      attempts: 1,
      error_code: error.code ?? null,
    });
    expect(delivery.not_before!.getTime()).toBeGreaterThanOrEqual(before + 2_500);
    expect(worker.jobs.enqueued).toEqual([
      {
        name: 'whatsapp.send',
        data: { deliveryId },
        options: { startAfter: delivery.not_before, singletonKey: `delivery:${deliveryId}` },
      },
    ]);
    expect((await reads.attemptsOf(deliveryId)).map((a) => a.outcome)).toEqual(['refused']);
    expect((await reads.slipOf(slip.id)).status).toBe('queued');
    // Woken before its time (a second job of the same delivery), it does not send.
    expect(await worker.sending.run({ deliveryId })).toMatchObject({ outcome: 'not_yet' });
  });

  it('retries 131049 after a day, and gives up after the last attempt', async () => {
    const first = await reads.queuedSlip();
    const worker = workerSide(t, scriptedProvider([apiError(131049)]).provider);
    await worker.sending.run({ deliveryId: first.deliveryId });
    const held = await reads.deliveryOf(first.deliveryId);
    expect(held.not_before!.getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);

    const last = await reads.queuedSlip();
    await t.database.db
      .update(whatsappDeliveries)
      .set({ attempts: 7 })
      .where(eq(whatsappDeliveries.id, last.deliveryId));
    const again = workerSide(t, scriptedProvider([apiError(131000)]).provider);
    expect(await again.sending.run({ deliveryId: last.deliveryId })).toMatchObject({ outcome: 'failed' });
    expect(await reads.deliveryOf(last.deliveryId)).toMatchObject({ state: 'failed', attempts: 8 });
    expect((await reads.slipOf(last.slip.id)).status_reason).toMatch(/code 131000.*given up after 8 attempts/);
  });

  it.each([131026, 131050, 131051, 131053, 132000, 132012])(
    'gives up on %i: the slip fails with the reason',
    async (code) => {
      const { slip, deliveryId } = await reads.queuedSlip();
      const worker = workerSide(t, scriptedProvider([apiError(code)]).provider);
      expect(await worker.sending.run({ deliveryId })).toMatchObject({ outcome: 'failed' });
      expect(await reads.deliveryOf(deliveryId)).toMatchObject({ state: 'failed', error_code: code });
      const after = await reads.slipOf(slip.id);
      expect(after.status).toBe('failed');
      expect(after.status_reason).toBe(
        `WhatsApp refused the message: error ${code}: details of ${code} (code ${code})`,
      );
      expect(worker.jobs.enqueued).toEqual([]);
      const [row] = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'payslip.delivery'), eq(auditLog.entity_id, String(slip.id))));
      expect(row).toMatchObject({ outcome: 'failure' });
      // Sent again by hand, it is queued anew.
      const resend = await asClerk({ method: 'POST', url: `/api/payslips/${slip.id}/send` });
      expect(resend.json()).toMatchObject({ data: { queued: [slip.id] } });
    },
  );

  it('sends the template at once when the free-form document is refused for the closed window (131047)', async () => {
    const { slip, deliveryId } = await reads.queuedSlip();
    await t.database.db.insert(whatsappInboundMessages).values({
      wamid: `wamid.in.${deliveryId}`,
      from_number: `91${slip.phone}`,
      type: 'text',
      body: 'Namaskar',
      sent_at: new Date(Date.now() - 3600_000),
    });
    const scripted = scriptedProvider([apiError(131047)]);
    const worker = workerSide(t, scripted.provider);
    expect(await worker.sending.run({ deliveryId })).toMatchObject({ outcome: 'sent' });
    expect(scripted.calls.map((call) => call.kind)).toEqual(['upload', 'document', 'template']);
    const attempts = await reads.attemptsOf(deliveryId);
    expect(attempts.map((a) => [a.kind, a.outcome, a.error_code])).toEqual([
      ['document', 'refused', 131047],
      ['template', 'accepted', null],
    ]);
    expect(scripted.calls[1]!.callbackData).not.toBe(scripted.calls[2]!.callbackData);
    expect(await reads.deliveryOf(deliveryId)).toMatchObject({ state: 'sent', wamid: 'wamid.test.1', attempts: 2 });
  });

  it('sends a document with its caption while the person’s window is open (outbox)', async () => {
    const { slip, deliveryId } = await reads.queuedSlip({ whatsapp_language: 'hi' });
    await t.database.db.insert(whatsappInboundMessages).values({
      wamid: `wamid.in.${deliveryId}`,
      from_number: `91${slip.phone}`,
      type: 'text',
      sent_at: new Date(Date.now() - 60_000),
    });
    expect(await workerSide(t).sending.run({ deliveryId })).toMatchObject({ outcome: 'sent' });
    const [message] = await t.database.db.select().from(whatsappOutbox).orderBy(desc(whatsappOutbox.id)).limit(1);
    expect(message!.body).toMatchObject({
      type: 'document',
      to: `91${slip.phone}`,
      document: {
        caption: expect.stringMatching(/आपकी अक्टूबर 2026 की वेतन पर्ची।$/),
        filename: expect.stringMatching(/\.pdf$/),
      },
    });
  });

  it('uploads a slip’s PDF once and reuses its media id', async () => {
    const scripted = scriptedProvider([apiError(131026)]);
    const worker = workerSide(t, scripted.provider);
    const { slip, deliveryId } = await reads.queuedSlip();
    await worker.sending.run({ deliveryId });
    await asClerk({ method: 'POST', url: `/api/payslips/${slip.id}/send` });
    const [second] = await t.database.db
      .select()
      .from(whatsappDeliveries)
      .where(and(eq(whatsappDeliveries.payslip_id, slip.id), eq(whatsappDeliveries.state, 'queued')));
    // Messages to one person go at least 6 s apart (the pair limit).
    expect(await worker.sending.run({ deliveryId: second!.id })).toMatchObject({ outcome: 'held', reason: 'pair' });
    // A held message leaves no attempt behind and waits, counted as not yet tried.
    expect(await reads.attemptsOf(second!.id)).toEqual([]);
    expect(await reads.deliveryOf(second!.id)).toMatchObject({ attempts: 0, waiting_for: 'pair' });
    const later = workerSide(t, scripted.provider, () => new Date(Date.now() + 7_000));
    expect(await later.sending.run({ deliveryId: second!.id })).toMatchObject({ outcome: 'sent' });
    expect(scripted.calls.map((call) => call.kind)).toEqual(['upload', 'template', 'template']);
  });

  it('does not send a slip replaced by a newer upload while it waited, and says why', async () => {
    const scripted = scriptedProvider();
    const { slip, deliveryId } = await reads.queuedSlip();
    await t.database.db.update(payslips).set({ superseded_at: new Date() }).where(eq(payslips.id, slip.id));
    expect(await workerSide(t, scripted.provider).sending.run({ deliveryId })).toMatchObject({ outcome: 'failed' });
    expect(scripted.calls.filter((call) => call.kind !== 'upload')).toEqual([]);
    expect((await reads.deliveryOf(deliveryId)).status_reason).toMatch(/newer version/);
  });
});

describe('the pause and its resume', () => {
  it('pauses the whole queue on an account error, holds every delivery, and an administrator resumes it', async () => {
    const first = await reads.queuedSlip();
    const second = await reads.queuedSlip();
    const scripted = scriptedProvider([apiError(190, 401)]);
    const worker = workerSide(t, scripted.provider);
    expect(await worker.sending.run({ deliveryId: first.deliveryId })).toMatchObject({ outcome: 'paused' });
    expect(await worker.sending.run({ deliveryId: second.deliveryId })).toMatchObject({ outcome: 'paused' });
    expect(scripted.calls.filter((call) => call.kind !== 'upload')).toHaveLength(1);
    for (const { deliveryId, slip } of [first, second]) {
      expect(await reads.deliveryOf(deliveryId)).toMatchObject({ state: 'queued', waiting_for: 'paused' });
      expect((await reads.slipOf(slip.id)).status).toBe('queued');
    }
    const state = await reads.queue(asClerk);
    expect(state.paused).toMatchObject({ code: 190, reason: expect.stringMatching(/code 190/) });
    expect(state.queued).toBeGreaterThanOrEqual(2);
    const pauses = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'whatsapp.pause'));
    expect(pauses).toHaveLength(1);

    // Readiness warns, and stays ready.
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({
      status: 'ok',
      whatsapp: { status: 'paused', message: 'WhatsApp sending is paused until an administrator resumes it' },
    });
    expect(ready.body).not.toMatch(/code 190/);

    expect((await resume(asClerk)).statusCode).toBe(403);
    expect((await asViewer({ method: 'GET', url: '/api/whatsapp/queue' })).statusCode).toBe(403);
    const resumed = await resume(asAdmin);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(ZWhatsappQueueResponse.parse(resumed.json()).data.paused).toBeNull();
    expect(await reads.deliveryOf(first.deliveryId)).toMatchObject({ waiting_for: null });
    const jobs = await t.database.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'whatsapp.send' and (data->>'deliveryId')::int = ${first.deliveryId}`,
    );
    // The send's job, and the resume's.
    expect((jobs as { rows: { n: number }[] }).rows[0]!.n).toBe(2);
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'whatsapp.resume'))).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).json()).not.toHaveProperty('whatsapp');
    const again = await resume(asAdmin);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, error: { code: 'CONFLICT' } });
    const later = workerSide(t, undefined, () => new Date(Date.now() + 7_000));
    expect(await later.sending.run({ deliveryId: first.deliveryId })).toMatchObject({ outcome: 'sent' });
  });

  it('reports the outbox and a queue not paused', async () => {
    await reads.unpause();
    expect(await reads.queue(asAdmin)).toMatchObject({ provider: 'outbox', paused: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/whatsapp/queue' })).statusCode).toBe(401);
  });
});
