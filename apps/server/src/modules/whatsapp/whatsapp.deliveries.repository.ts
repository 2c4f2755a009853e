import { and, eq, gt, sql } from 'drizzle-orm';
import { nextPayslipStatus, type PayslipDeliveryEvent, type PayslipDeliveryStatus } from '@srpf/shared';
import type { Executor } from '../../db/client.js';
import { payslips, whatsappDeliveries } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';

/**
 * A delivery's state and its slip's status, moved together and forward only (nextPayslipStatus).
 * A slip follows its latest delivery: a late callback of an earlier delivery (the slip sent again
 * since) moves that delivery only. Only a slip's send (origin payslip_send) moves the slip: a person asking
 * for their slip again (self_service) must never turn a sent or delivered slip into failed or back. Every change is audited as `payslip.delivery` (a message that is
 * not a slip: `whatsapp.delivery` on the delivery).
 */

export type DeliveryRow = typeof whatsappDeliveries.$inferSelect;

const FINAL_STATES: ReadonlySet<PayslipDeliveryStatus> = new Set(['sent', 'delivered', 'read', 'failed']);

/** A slip's delivery is audited on its slip (`payslip.delivery`); any other message on itself (`whatsapp.delivery`). */
function auditTargetOf(delivery: DeliveryRow) {
  return delivery.payslip_id !== null
    ? ({ action: 'payslip.delivery', entityType: 'payslip', entityId: delivery.payslip_id } as const)
    : ({ action: 'whatsapp.delivery', entityType: 'whatsapp_delivery', entityId: delivery.id } as const);
}

export async function lockDelivery(tx: Executor, id: number): Promise<DeliveryRow | undefined> {
  const [row] = await tx.select().from(whatsappDeliveries).where(eq(whatsappDeliveries.id, id)).for('update');
  return row;
}

/** A delivery whose state the slip's status follows: a slip's send, not a self-service copy of it. */
function movesSlip(delivery: DeliveryRow): boolean {
  return delivery.payslip_id !== null && delivery.origin === 'payslip_send';
}

/** No later send of the same slip (self-service copies do not count: they never move the slip). */
async function isLatest(tx: Executor, delivery: DeliveryRow): Promise<boolean> {
  if (delivery.payslip_id === null) return true;
  const [newer] = await tx
    .select({ id: whatsappDeliveries.id })
    .from(whatsappDeliveries)
    .where(
      and(
        eq(whatsappDeliveries.payslip_id, delivery.payslip_id),
        eq(whatsappDeliveries.origin, 'payslip_send'),
        gt(whatsappDeliveries.id, delivery.id),
      ),
    )
    .limit(1);
  return newer === undefined;
}

/** Sets the slip's status (when this is its latest delivery); answers the status it has now. */
async function setSlip(
  tx: Executor,
  delivery: DeliveryRow,
  status: (current: PayslipDeliveryStatus) => PayslipDeliveryStatus | null,
  reason: string | null,
  now: Date,
): Promise<PayslipDeliveryStatus | null> {
  const slipId = delivery.payslip_id;
  // A message that is not a slip's send has no slip status to follow it.
  if (slipId === null || !movesSlip(delivery) || !(await isLatest(tx, delivery))) return null;
  const [slip] = await tx
    .select({ status: payslips.status })
    .from(payslips)
    .where(eq(payslips.id, slipId))
    .for('update');
  if (!slip) return null;
  const next = status(slip.status as PayslipDeliveryStatus);
  if (next === null) return slip.status as PayslipDeliveryStatus;
  await tx
    .update(payslips)
    .set({ status: next, status_reason: reason, updated_at: now })
    .where(eq(payslips.id, slipId));
  return next;
}

export interface MoveDetails {
  wamid?: string | null;
  errorCode?: number | null;
  reason?: string | null;
  /** What caused it, for the audit row: the worker, a callback, the sweep, a person. */
  source: 'worker' | 'callback' | 'sweep' | 'person';
  actorId?: number | null;
}

/** Applies an event to the delivery and its slip, forward only. Answers the delivery's state after it (unchanged when stale). */
export async function moveDelivery(
  tx: Executor,
  delivery: DeliveryRow,
  event: PayslipDeliveryEvent,
  details: MoveDetails,
  now: Date,
): Promise<PayslipDeliveryStatus> {
  const current = delivery.state as PayslipDeliveryStatus;
  const next = nextPayslipStatus(current, event);
  if (next === null) return current;
  const reason = next === 'failed' || next === 'needs_check' ? (details.reason ?? null) : null;
  // A verification code is not kept in plain text once its message is settled: nobody needs it then.
  const forgetCode = delivery.origin === 'verification' && FINAL_STATES.has(next);
  await tx
    .update(whatsappDeliveries)
    .set({
      state: next,
      ...(details.wamid ? { wamid: details.wamid } : {}),
      ...(details.errorCode !== undefined ? { error_code: details.errorCode } : {}),
      status_reason: reason,
      ...(forgetCode ? { template_params: null } : {}),
      not_before: null,
      waiting_for: null,
      updated_at: now,
    })
    .where(eq(whatsappDeliveries.id, delivery.id));
  const slipStatus = await setSlip(tx, delivery, (status) => nextPayslipStatus(status, event), reason, now);
  await audit(tx, {
    actorId: details.actorId ?? null,
    ...auditTargetOf(delivery),
    outcome: next === 'failed' ? 'failure' : 'success',
    details: {
      delivery_id: delivery.id,
      event,
      from: current,
      to: next,
      slip_status: slipStatus,
      source: details.source,
      ...(details.wamid ? { wamid: details.wamid } : {}),
      ...(details.errorCode !== undefined && details.errorCode !== null ? { error_code: details.errorCode } : {}),
      ...(reason ? { reason } : {}),
    },
  });
  delivery.state = next;
  if (forgetCode) delivery.template_params = null;
  return next;
}

/**
 * A delivery handed over and then refused by a status callback, to be tried again: back to `queued`
 * (its slip too, when it is the latest), held until `notBefore`. A retry, not a move forward, so it
 * bypasses nextPayslipStatus; answers false when the slip has been queued again meanwhile (left alone).
 */
export async function requeueDelivery(
  tx: Executor,
  delivery: DeliveryRow,
  hold: { notBefore: Date | null; waitingFor: string | null; errorCode: number | null; reason: string },
  now: Date,
): Promise<boolean> {
  if (delivery.state !== 'queued' && delivery.payslip_id !== null) {
    const slipId = delivery.payslip_id;
    // The slip's row, as a send locks it before queueing: a hand resend racing this callback waits for
    // it (and then finds the slip queued) instead of meeting the one-open-delivery index.
    await tx.select({ id: payslips.id }).from(payslips).where(eq(payslips.id, slipId)).for('update');
    if (movesSlip(delivery) && !(await isLatest(tx, delivery))) return false;
    const [open] = await tx
      .select({ id: whatsappDeliveries.id })
      .from(whatsappDeliveries)
      .where(and(eq(whatsappDeliveries.payslip_id, slipId), eq(whatsappDeliveries.state, 'queued')))
      .limit(1);
    if (open) return false;
  }
  await tx
    .update(whatsappDeliveries)
    .set({
      state: 'queued',
      not_before: hold.notBefore,
      waiting_for: hold.waitingFor,
      error_code: hold.errorCode,
      status_reason: null,
      updated_at: now,
    })
    .where(eq(whatsappDeliveries.id, delivery.id));
  const from = delivery.state;
  delivery.state = 'queued';
  await setSlip(tx, delivery, () => 'queued', null, now);
  await audit(tx, {
    actorId: null,
    ...auditTargetOf(delivery),
    outcome: 'failure',
    details: {
      delivery_id: delivery.id,
      event: 'retry',
      from,
      to: 'queued',
      error_code: hold.errorCode,
      reason: hold.reason,
      not_before: hold.notBefore?.toISOString() ?? null,
    },
  });
  return true;
}

/** Holds a queued delivery back (a limit, a back-off, the pause) without changing its state. */
export async function holdDelivery(
  tx: Executor,
  deliveryId: number,
  hold: { notBefore: Date | null; waitingFor: string | null; errorCode?: number | null },
  now: Date,
): Promise<void> {
  await tx
    .update(whatsappDeliveries)
    .set({
      not_before: hold.notBefore,
      waiting_for: hold.waitingFor,
      ...(hold.errorCode !== undefined ? { error_code: hold.errorCode } : {}),
      updated_at: now,
    })
    .where(eq(whatsappDeliveries.id, deliveryId));
}

/** Counts one more attempt of a delivery, which waits for nothing any more. */
export async function countAttempt(tx: Executor, deliveryId: number, now: Date): Promise<void> {
  await tx
    .update(whatsappDeliveries)
    .set({ attempts: sql`${whatsappDeliveries.attempts} + 1`, not_before: null, waiting_for: null, updated_at: now })
    .where(eq(whatsappDeliveries.id, deliveryId));
}
