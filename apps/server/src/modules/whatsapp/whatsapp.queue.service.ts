import { and, desc, eq } from 'drizzle-orm';
import {
  mayReadWhatsappQueue,
  mayResumeWhatsappQueue,
  maySendPayslip,
  nextPayslipStatus,
  payslipRecordScope,
  type Actor,
  type PayslipDeliveryStatus,
  type TWhatsappQueueState,
} from '@srpf/shared';
import type { AppContext } from '../../context.js';
import { payslips, users, whatsappDeliveries, whatsappQueueState } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { slipsInScope } from '../../db/record-scope.js';
import { lockDelivery, moveDelivery } from './whatsapp.deliveries.repository.js';
import { WHATSAPP_SEND_JOB, whatsappSendSingletonKey, type WhatsappSendJobData } from './whatsapp.jobs.js';
import { queuedDeliveries, queueState } from './whatsapp.queue.state.js';

/** The queue's state for the slips screen, its resume, and settling a `needs_check` slip by hand. */
export function createWhatsappQueueService(context: AppContext) {
  const { db, clock, jobs, config } = context;
  const provider = config.whatsapp.provider;

  return {
    async state(actor: Actor): Promise<TWhatsappQueueState> {
      if (!mayReadWhatsappQueue(actor)) throw forbidden();
      return queueState(db, provider, payslipRecordScope(actor));
    },

    /** Administrators, once the account, token or template is fixed: every queued delivery goes again. */
    async resume(actor: Actor, ip: string | null): Promise<TWhatsappQueueState> {
      if (!mayResumeWhatsappQueue(actor)) throw forbidden();
      const now = clock.now();
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(whatsappQueueState).where(eq(whatsappQueueState.id, 1)).for('update');
        if (!row?.paused_at) throw new AppError('conflict', {}, 'The WhatsApp queue is not paused');
        await tx
          .update(whatsappQueueState)
          .set({
            paused_at: null,
            pause_code: null,
            pause_reason: null,
            resumed_at: now,
            resumed_by: actor.userId,
            updated_at: now,
          })
          .where(eq(whatsappQueueState.id, 1));
        await tx
          .update(whatsappDeliveries)
          .set({ waiting_for: null, updated_at: now })
          .where(and(eq(whatsappDeliveries.state, 'queued'), eq(whatsappDeliveries.waiting_for, 'paused')));
        const queued = await queuedDeliveries(tx);
        if (queued.length > 0)
          await jobs.enqueueMany<WhatsappSendJobData>(
            tx,
            WHATSAPP_SEND_JOB,
            queued.map((delivery) => ({
              data: { deliveryId: delivery.id },
              singletonKey: whatsappSendSingletonKey(delivery.id),
              ...(delivery.not_before && delivery.not_before > now ? { startAfter: delivery.not_before } : {}),
            })),
          );
        await audit(tx, {
          actorId: actor.userId,
          action: 'whatsapp.resume',
          entityType: 'whatsapp_queue',
          entityId: 1,
          outcome: 'success',
          ip,
          details: {
            paused_since: row.paused_at.toISOString(),
            code: row.pause_code,
            reason: row.pause_reason,
            requeued: queued.length,
          },
        });
      });
      return queueState(db, provider, payslipRecordScope(actor));
    },

    /** A `needs_check` slip the person confirmed received: `sent` (409 from any other status). */
    async markSent(actor: Actor, payslipId: number, ip: string | null) {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const [slip] = await tx
          .select({ id: payslips.id, user_id: payslips.user_id, status: payslips.status, company_id: users.company_id })
          .from(payslips)
          .innerJoin(users, eq(users.id, payslips.user_id))
          .where(and(eq(payslips.id, payslipId), slipsInScope(payslipRecordScope(actor))))
          .for('update', { of: payslips });
        if (!slip || !maySendPayslip(actor, { userId: slip.user_id, companyId: slip.company_id }))
          throw notFound('payslips.not_found', 'Payslip');
        const next = nextPayslipStatus(slip.status as PayslipDeliveryStatus, 'marked_sent');
        if (next === null)
          throw new AppError('conflict', {}, 'Only a payslip whose delivery needs a check can be marked as sent');
        const delivery = await latestDelivery(tx, payslipId);
        if (delivery && delivery.state === 'needs_check')
          await moveDelivery(tx, delivery, 'marked_sent', { source: 'person', actorId: actor.userId }, now);
        await tx
          .update(payslips)
          .set({ status: next, status_reason: null, updated_at: now })
          .where(eq(payslips.id, payslipId));
        await audit(tx, {
          actorId: actor.userId,
          action: 'payslip.mark_sent',
          entityType: 'payslip',
          entityId: payslipId,
          outcome: 'success',
          ip,
          details: { from: slip.status, to: next, delivery_id: delivery?.id ?? null },
        });
        return { payslip_id: payslipId, status: next, status_reason: null };
      });
    },
  };
}
export type WhatsappQueueService = ReturnType<typeof createWhatsappQueueService>;

async function latestDelivery(tx: Parameters<typeof lockDelivery>[0], payslipId: number) {
  const [row] = await tx
    .select({ id: whatsappDeliveries.id })
    .from(whatsappDeliveries)
    .where(eq(whatsappDeliveries.payslip_id, payslipId))
    .orderBy(desc(whatsappDeliveries.id))
    .limit(1);
  return row ? lockDelivery(tx, row.id) : undefined;
}
