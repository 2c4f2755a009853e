import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, whatsappAttempts } from '../../db/schema/index.js';
import { createPayslipTestApp, type PayslipTestApp, type Request } from '../../test/payslip-fixtures.js';
import {
  buildSlip,
  deliveryReads,
  scriptedProvider,
  workerSide,
  type DeliveryReads,
} from '../../test/whatsapp-fixtures.js';

/** Outcomes nobody recorded (a worker stopped mid-send): never sent again, needs_check, mark-sent; and the daily limit's waiting. */

vi.mock('../payslips/payslips.renderer.js', () => ({
  chromiumRenderer: { render: async () => Buffer.from('%PDF-1.4\n%%EOF\n'), state: async () => ({ available: true }) },
}));

let t: PayslipTestApp;
let asAdmin: Request;
let asClerk: Request;

let reads: DeliveryReads;

beforeAll(async () => {
  t = await createPayslipTestApp();
  asAdmin = (await t.asUser({ role: 'admin' })).request;
  reads = deliveryReads(t, asAdmin);
  asClerk = (await t.asUser({ role: 'viewer', granted_permissions: ['manage_payslips'] })).request;
});
afterAll(async () => t.close());

describe('outcomes nobody recorded', () => {
  it('never sends again after a worker stopped mid-send; the sweep makes it needs_check; a person marks it sent or resends', async () => {
    const { slip, deliveryId } = await reads.queuedSlip();
    // A worker killed after committing its attempt, before WhatsApp's answer was recorded.
    await t.database.db.insert(whatsappAttempts).values({
      delivery_id: deliveryId,
      key: '7d1f3a52-8a4e-4a53-9a67-0d7c0d2b1e11',
      kind: 'template',
      outcome: 'pending',
      started_at: new Date(Date.now() - 90_000),
    });
    const scripted = scriptedProvider();
    const worker = workerSide(t, scripted.provider);
    expect(await worker.sending.run({ deliveryId })).toMatchObject({ outcome: 'unknown' });
    expect(scripted.calls).toEqual([]);
    expect((await reads.attemptsOf(deliveryId)).map((a) => a.outcome)).toEqual(['unknown']);

    // Within WHATSAPP_UNKNOWN_OUTCOME_SECONDS it waits for the callback.
    await worker.sweep();
    expect(await reads.deliveryOf(deliveryId)).toMatchObject({ state: 'queued' });
    const later = workerSide(
      t,
      scripted.provider,
      () => new Date(Date.now() + t.config.whatsapp.unknownOutcomeSeconds * 1000),
    );
    expect(await later.sweep()).toMatchObject({ needsCheck: 1 });
    expect(await reads.deliveryOf(deliveryId)).toMatchObject({ state: 'needs_check' });
    expect(await reads.slipOf(slip.id)).toMatchObject({
      status: 'needs_check',
      status_reason: expect.stringMatching(/no delivery report came/),
    });
    expect((await reads.queue(asClerk)).needs_check).toBeGreaterThanOrEqual(1);

    const marked = await asClerk({ method: 'POST', url: `/api/payslips/${slip.id}/mark-sent` });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toEqual({
      success: true,
      data: { payslip_id: slip.id, status: 'sent', status_reason: null },
    });
    expect(await reads.deliveryOf(deliveryId)).toMatchObject({ state: 'sent' });
    expect(
      await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'payslip.mark_sent'), eq(auditLog.entity_id, String(slip.id)))),
    ).toHaveLength(1);
    const twice = await asClerk({ method: 'POST', url: `/api/payslips/${slip.id}/mark-sent` });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ success: false, error: { code: 'CONFLICT' } });
    expect((await asClerk({ method: 'POST', url: '/api/payslips/999999/mark-sent' })).statusCode).toBe(404);
    expect((await asClerk({ method: 'POST', url: '/api/payslips/abc/mark-sent' })).statusCode).toBe(400);

    // Another needs_check slip is resent instead.
    const other = await buildSlip(t, { status: 'needs_check' });
    const resent = await asClerk({ method: 'POST', url: `/api/payslips/${other.id}/send` });
    expect(resent.json()).toMatchObject({ data: { queued: [other.id] } });
  });

  it('turns attempts pending past the job expiry into unknown', async () => {
    const { deliveryId } = await reads.queuedSlip();
    await t.database.db.insert(whatsappAttempts).values({
      delivery_id: deliveryId,
      key: '5b0c7f0e-1f7a-4f7e-8d35-7b8f6b7b2a10',
      kind: 'template',
      outcome: 'pending',
      started_at: new Date(Date.now() - 61_000),
    });
    expect((await workerSide(t).sweep()).unknown).toBeGreaterThanOrEqual(1);
    expect((await reads.attemptsOf(deliveryId)).map((a) => a.outcome)).toEqual(['unknown']);
  });
});

describe('the daily messaging limit', () => {
  it('holds slips beyond it (never skipped) and says how many wait and until when', async () => {
    await reads.unpause();
    const first = await reads.queuedSlip();
    const second = await reads.queuedSlip();
    const worker = workerSide(t, scriptedProvider().provider, undefined, { dailyRecipients: 1 });
    await worker.sending.run({ deliveryId: first.deliveryId });
    const outcome = await worker.sending.run({ deliveryId: second.deliveryId });
    expect(outcome).toMatchObject({ outcome: 'held', reason: 'daily_limit' });
    const held = await reads.deliveryOf(second.deliveryId);
    expect(held).toMatchObject({ state: 'queued', waiting_for: 'daily_limit' });
    expect(worker.jobs.enqueued.at(-1)).toMatchObject({
      data: { deliveryId: second.deliveryId },
      options: { startAfter: held.not_before },
    });
    const state = await reads.queue(asClerk);
    expect(state.waiting_for_daily_limit.count).toBeGreaterThanOrEqual(1);
    expect(new Date(state.waiting_for_daily_limit.until!).getTime()).toBeLessThanOrEqual(held.not_before!.getTime());
  });
});
