import { and, eq, inArray, lt } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { whatsappAttempts, whatsappDeliveries } from '../../db/schema/index.js';
import { lockDelivery, moveDelivery } from './whatsapp.deliveries.repository.js';
import { pruneSends } from './whatsapp.limits.js';
import { WHATSAPP_SEND_OPTIONS } from './whatsapp.send.job.js';

/**
 * The minute's sweep (`whatsapp.unknown-outcomes`): an attempt still `pending` after its job's expiry
 * belonged to a worker that stopped mid-send: its outcome is `unknown`. An `unknown` attempt with no
 * callback after WHATSAPP_UNKNOWN_OUTCOME_SECONDS makes its still-queued delivery (and slip)
 * `needs_check`: a person decides (Resend or Mark as sent); nothing is resent blindly. It also prunes
 * the sends the limits no longer read.
 */

export const WHATSAPP_UNKNOWN_OUTCOMES_CRON = '* * * * *';
const BATCH = 500;

export const NO_CALLBACK_REASON =
  'WhatsApp was handed the message but the answer was lost, and no delivery report came: check with the person, then resend or mark it as sent';

export function createUnknownOutcomeSweep(context: Pick<AppContext, 'db' | 'clock' | 'config'>) {
  const { db, clock, config } = context;

  return async function sweep(): Promise<{ unknown: number; needsCheck: number; pruned: number }> {
    const now = clock.now();
    const expiryMs = (WHATSAPP_SEND_OPTIONS.expireInSeconds ?? 60) * 1000;
    const stale = await db
      .update(whatsappAttempts)
      .set({ outcome: 'unknown' })
      .where(
        and(
          eq(whatsappAttempts.outcome, 'pending'),
          lt(whatsappAttempts.started_at, new Date(now.getTime() - expiryMs)),
        ),
      )
      .returning({ id: whatsappAttempts.id });

    const waitedSince = new Date(now.getTime() - config.whatsapp.unknownOutcomeSeconds * 1000);
    const overdue = await db
      .selectDistinct({ deliveryId: whatsappAttempts.delivery_id })
      .from(whatsappAttempts)
      .innerJoin(whatsappDeliveries, eq(whatsappDeliveries.id, whatsappAttempts.delivery_id))
      .where(
        and(
          eq(whatsappAttempts.outcome, 'unknown'),
          lt(whatsappAttempts.started_at, waitedSince),
          eq(whatsappDeliveries.state, 'queued'),
        ),
      )
      .limit(BATCH);
    let needsCheck = 0;
    for (const { deliveryId } of overdue) {
      await db.transaction(async (tx) => {
        const delivery = await lockDelivery(tx, deliveryId);
        // A callback may have settled it since the list was read.
        if (!delivery || delivery.state !== 'queued') return;
        const [still] = await tx
          .select({ id: whatsappAttempts.id })
          .from(whatsappAttempts)
          .where(and(eq(whatsappAttempts.delivery_id, deliveryId), inArray(whatsappAttempts.outcome, ['unknown'])))
          .limit(1);
        if (!still) return;
        const state = await moveDelivery(
          tx,
          delivery,
          'outcome_unknown',
          { reason: NO_CALLBACK_REASON, source: 'sweep' },
          now,
        );
        if (state === 'needs_check') needsCheck += 1;
      });
    }
    const pruned = await pruneSends(db, now);
    return { unknown: stale.length, needsCheck, pruned };
  };
}
