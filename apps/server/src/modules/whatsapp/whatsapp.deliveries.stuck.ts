import { and, eq, inArray, isNull, lt, lte, notExists, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { whatsappAttempts, whatsappDeliveries } from '../../db/schema/index.js';
import { WHATSAPP_SEND_JOB, whatsappSendSingletonKey, type WhatsappSendJobData } from './whatsapp.jobs.js';
import { isQueuePaused } from './whatsapp.queue.state.js';

/**
 * Part of the minute's sweep: a delivery left `queued` with no job to send it (its job failed for good
 * or was lost) would wait for ever. One that is due (no `not_before`, or past it), not held by the
 * pause, without an attempt whose outcome is open (the unknown-outcome sweep's), and untouched for
 * STUCK_AFTER_MS gets its send job again; its `updated_at` is touched, so it is enqueued at most once
 * per STUCK_AFTER_MS. A delivery merely behind a long backlog may so get a second job: harmless, as the
 * send job sends a delivery once under its row lock.
 */

export const STUCK_AFTER_MS = 5 * 60_000;
const BATCH = 500;

export function createStuckDeliverySweep(context: Pick<AppContext, 'db' | 'clock' | 'jobs'>) {
  const { db, clock, jobs } = context;

  return async function requeueStuck(): Promise<number> {
    return db.transaction(async (tx) => {
      // A resume enqueues every queued delivery itself.
      if (await isQueuePaused(tx)) return 0;
      const now = clock.now();
      const due = await tx
        .select({ id: whatsappDeliveries.id })
        .from(whatsappDeliveries)
        .where(
          and(
            eq(whatsappDeliveries.state, 'queued'),
            or(isNull(whatsappDeliveries.not_before), lte(whatsappDeliveries.not_before, now)),
            lt(whatsappDeliveries.updated_at, new Date(now.getTime() - STUCK_AFTER_MS)),
            notExists(
              tx
                .select({ one: sql`1` })
                .from(whatsappAttempts)
                .where(
                  and(
                    eq(whatsappAttempts.delivery_id, whatsappDeliveries.id),
                    inArray(whatsappAttempts.outcome, ['pending', 'unknown']),
                  ),
                ),
            ),
          ),
        )
        .orderBy(whatsappDeliveries.id)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return 0;
      const ids = due.map((row) => row.id);
      await tx
        .update(whatsappDeliveries)
        .set({ updated_at: now, waiting_for: null })
        .where(inArray(whatsappDeliveries.id, ids));
      await jobs.enqueueMany<WhatsappSendJobData>(
        tx,
        WHATSAPP_SEND_JOB,
        ids.map((deliveryId) => ({ data: { deliveryId }, singletonKey: whatsappSendSingletonKey(deliveryId) })),
      );
      return ids.length;
    });
  };
}
