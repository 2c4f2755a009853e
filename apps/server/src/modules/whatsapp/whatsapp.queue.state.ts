import { and, count, eq, isNull, min, type SQL } from 'drizzle-orm';
import type { RecordScope, TWhatsappQueueState, TWhatsappReadiness, WhatsappProviderName } from '@srpf/shared';
import type { Executor } from '../../db/client.js';
import { payslips, users, whatsappDeliveries, whatsappQueueState } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { currentSlip, slipsInScope } from '../../db/record-scope.js';

/**
 * The queue's one row (id 1): paused (why, since when, by which Cloud API code) or sending. A pause
 * comes from an error that sending again cannot cure (a token, the account, the number or the
 * template); the deliveries wait `queued` (waiting_for 'paused') until an administrator resumes.
 */

export type QueueStateRow = typeof whatsappQueueState.$inferSelect;

export async function readQueueRow(executor: Executor): Promise<QueueStateRow | undefined> {
  const [row] = await executor.select().from(whatsappQueueState).where(eq(whatsappQueueState.id, 1));
  return row;
}

export async function isQueuePaused(executor: Executor): Promise<boolean> {
  return (await readQueueRow(executor))?.paused_at != null;
}

/** Pauses the queue (once: an already paused queue keeps its first reason). Answers whether it paused it now. */
export async function pauseQueue(
  tx: Executor,
  pause: { code: number | null; reason: string; source: string },
  now: Date,
): Promise<boolean> {
  const paused = await tx
    .update(whatsappQueueState)
    .set({ paused_at: now, pause_code: pause.code, pause_reason: pause.reason.slice(0, 500), updated_at: now })
    .where(and(eq(whatsappQueueState.id, 1), isNull(whatsappQueueState.paused_at)))
    .returning({ id: whatsappQueueState.id });
  if (paused.length === 0) return false;
  await audit(tx, {
    actorId: null,
    action: 'whatsapp.pause',
    entityType: 'whatsapp_queue',
    entityId: 1,
    outcome: 'success',
    details: { code: pause.code, reason: pause.reason, source: pause.source },
  });
  return true;
}

/** The queue as the slips screen shows it: the counts are of the slips in the reader's scope. */
export async function queueState(
  executor: Executor,
  provider: WhatsappProviderName,
  scope: RecordScope,
): Promise<TWhatsappQueueState> {
  const row = await readQueueRow(executor);
  // The reader's own slips only (kind payslip, in their company scope): the slips screen counts what
  // it shows, not other companies' volume nor the other messages of the messaging overview.
  const slipDeliveries = (...conditions: SQL[]) =>
    executor
      .select({ value: count(), until: min(whatsappDeliveries.not_before) })
      .from(whatsappDeliveries)
      .innerJoin(payslips, eq(payslips.id, whatsappDeliveries.payslip_id))
      .innerJoin(users, eq(users.id, payslips.user_id))
      .where(and(eq(whatsappDeliveries.state, 'queued'), slipsInScope(scope), ...conditions));
  const [queued] = await slipDeliveries();
  const [daily] = await slipDeliveries(eq(whatsappDeliveries.waiting_for, 'daily_limit'));
  const [check] = await executor
    .select({ value: count() })
    .from(payslips)
    .innerJoin(users, eq(users.id, payslips.user_id))
    .where(and(currentSlip, slipsInScope(scope), eq(payslips.status, 'needs_check')));
  const until = daily?.until ?? null;
  return {
    provider,
    paused:
      row?.paused_at != null
        ? {
            code: row.pause_code ?? null,
            reason: row.pause_reason ?? 'Paused',
            since: new Date(row.paused_at).toISOString(),
          }
        : null,
    queued: queued?.value ?? 0,
    waiting_for_daily_limit: {
      count: daily?.value ?? 0,
      until: until === null ? null : new Date(until).toISOString(),
    },
    needs_check: check?.value ?? 0,
  };
}

/** The queued deliveries a resume hands to the worker again, with the moment each may go. */
export async function queuedDeliveries(executor: Executor) {
  return executor
    .select({ id: whatsappDeliveries.id, not_before: whatsappDeliveries.not_before })
    .from(whatsappDeliveries)
    .where(eq(whatsappDeliveries.state, 'queued'));
}

/** The readiness report's part: a paused queue as anyone may read it (the reason is logged, not published); null while sending. */
export async function pausedReadiness(executor: Executor): Promise<TWhatsappReadiness | null> {
  const row = await readQueueRow(executor);
  if (row?.paused_at == null) return null;
  return {
    status: 'paused',
    since: new Date(row.paused_at).toISOString(),
    message: 'WhatsApp sending is paused until an administrator resumes it',
  };
}
