import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { whatsappAttempts, whatsappDeliveries, whatsappQueueState } from '../../db/schema/index.js';
import { clock } from '../../lib/clock.js';
import { createPayslipTestApp, type PayslipTestApp } from '../../test/payslip-fixtures.js';
import { deliveryReads, recordingJobs, type DeliveryReads } from '../../test/whatsapp-fixtures.js';
import { createStuckDeliverySweep, STUCK_AFTER_MS } from './whatsapp.deliveries.stuck.js';

/** The minute's sweep sends again a queued delivery whose job was lost, and only such a one. */

vi.mock('../payslips/payslips.renderer.js', () => ({
  chromiumRenderer: { render: async () => Buffer.from('%PDF-1.4\n%%EOF\n'), state: async () => ({ available: true }) },
}));

let t: PayslipTestApp;
let reads: DeliveryReads;

beforeAll(async () => {
  t = await createPayslipTestApp();
  reads = deliveryReads(t, (await t.asUser({ role: 'admin' })).request);
});
afterAll(async () => t.close());
beforeEach(async () => {
  // Only this test's deliveries are queued.
  await t.database.db.update(whatsappDeliveries).set({ state: 'failed' }).where(eq(whatsappDeliveries.state, 'queued'));
  await reads.unpause();
});

const longAgo = () => new Date(Date.now() - STUCK_AFTER_MS - 60_000);
async function stuckDelivery(hold: { notBefore?: Date | null; waitingFor?: string | null } = {}) {
  const { deliveryId } = await reads.queuedSlip();
  await t.database.db
    .update(whatsappDeliveries)
    .set({ updated_at: longAgo(), not_before: hold.notBefore ?? null, waiting_for: hold.waitingFor ?? null })
    .where(eq(whatsappDeliveries.id, deliveryId));
  return deliveryId;
}

function sweep() {
  const jobs = recordingJobs();
  return { jobs, run: createStuckDeliverySweep({ db: t.database.db, clock, jobs }) };
}

describe('queued deliveries without a job', () => {
  it('are enqueued again once untouched for 5 minutes and due, then not again at the next minute', async () => {
    const stuck = await stuckDelivery();
    const overdue = await stuckDelivery({ notBefore: longAgo(), waitingFor: 'retry' });
    const fresh = (await reads.queuedSlip()).deliveryId;
    const first = sweep();
    expect(await first.run()).toBe(2);
    expect(first.jobs.enqueued.map((job) => job.data.deliveryId).sort()).toEqual([stuck, overdue].sort());
    expect(first.jobs.enqueued[0]).toMatchObject({ name: 'whatsapp.send' });
    expect(first.jobs.enqueued.map((job) => job.data.deliveryId)).not.toContain(fresh);
    const second = sweep();
    expect(await second.run()).toBe(0);
    expect(second.jobs.enqueued).toEqual([]);
  });

  it('leaves alone one held until later, one whose attempt’s outcome is open, and every one while paused', async () => {
    const later = await stuckDelivery({ notBefore: new Date(Date.now() + 3600_000), waitingFor: 'daily_limit' });
    const open = await stuckDelivery();
    await t.database.db
      .insert(whatsappAttempts)
      .values({ delivery_id: open, key: crypto.randomUUID(), kind: 'template', outcome: 'unknown' });
    const { jobs, run } = sweep();
    expect(await run()).toBe(0);
    expect(jobs.enqueued).toEqual([]);

    const waiting = await stuckDelivery();
    await t.database.db
      .insert(whatsappQueueState)
      .values({ id: 1, paused_at: new Date(), pause_code: 190, pause_reason: 'token' })
      .onConflictDoUpdate({ target: whatsappQueueState.id, set: { paused_at: new Date() } });
    expect(await sweep().run()).toBe(0);
    const rows = await t.database.db
      .select({ id: whatsappDeliveries.id, state: whatsappDeliveries.state })
      .from(whatsappDeliveries)
      .where(inArray(whatsappDeliveries.id, [later, open, waiting]));
    expect(rows.every((row) => row.state === 'queued')).toBe(true);
  });
});
