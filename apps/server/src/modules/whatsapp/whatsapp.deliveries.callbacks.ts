import { and, desc, eq, inArray } from 'drizzle-orm';
import { whatsappErrorOutcome, type PayslipDeliveryEvent } from '@srpf/shared';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { whatsappAttempts, whatsappDeliveries } from '../../db/schema/index.js';
import type { WhatsappDeliveryCallbacks, WhatsappStatusEvent, WhatsappTemplateEvent } from './whatsapp.callbacks.js';
import { lockDelivery, moveDelivery, requeueDelivery } from './whatsapp.deliveries.repository.js';
import { WHATSAPP_SEND_JOB, whatsappSendSingletonKey } from './whatsapp.jobs.js';
import { pauseQueue } from './whatsapp.queue.state.js';
import { backoffDelayMs, RETRY_AFTER_DAY_MS, WHATSAPP_MAX_ATTEMPTS } from './whatsapp.queue.retry.js';

/**
 * The delivery side of Meta's callbacks (the webhook hands each de-duplicated event here, inside its
 * transaction). A status finds its attempt by the key echoed as `biz_opaque_callback_data`, else by
 * the message id; it moves the delivery and slip forward only, in any order (a `delivered` before its
 * `sent`; `failed` never undoes delivered or read). An `unknown` attempt (its worker stopped) becomes
 * `accepted` when its callback comes. A `failed` status is read by the same table as the answers.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EVENTS: Record<string, PayslipDeliveryEvent> = { sent: 'accepted', delivered: 'delivered', read: 'read' };
/** A template's state that stops its sends (Meta: quality paused, or disabled). */
const TEMPLATE_STOPS: Record<string, number> = { PAUSED: 132015, DISABLED: 132016 };

type AttemptRow = typeof whatsappAttempts.$inferSelect;

async function findAttempt(tx: Executor, event: WhatsappStatusEvent): Promise<AttemptRow | undefined> {
  if (event.callbackData && UUID.test(event.callbackData)) {
    const [byKey] = await tx.select().from(whatsappAttempts).where(eq(whatsappAttempts.key, event.callbackData));
    if (byKey) return byKey;
  }
  const [byWamid] = await tx
    .select()
    .from(whatsappAttempts)
    .where(eq(whatsappAttempts.wamid, event.wamid))
    .orderBy(desc(whatsappAttempts.id))
    .limit(1);
  return byWamid;
}

export function createDeliveryCallbacks(
  context: Pick<AppContext, 'jobs' | 'config' | 'clock'>,
): WhatsappDeliveryCallbacks {
  const { jobs, config, clock } = context;

  async function onFailed(
    tx: Executor,
    event: WhatsappStatusEvent,
    attempt: AttemptRow | undefined,
    deliveryId: number,
    now: Date,
  ) {
    const delivery = await lockDelivery(tx, deliveryId);
    if (!delivery) return;
    // Delivered or read win over a later failed; a delivery settled otherwise is left as it is.
    if (delivery.state === 'delivered' || delivery.state === 'read' || delivery.state === 'failed') return;
    const code = event.error?.code;
    const reason =
      `WhatsApp could not deliver the message: ${event.error?.title ?? 'failed'}${event.error?.details ? `: ${event.error.details}` : ''}${code === undefined ? '' : ` (code ${code})`}`.slice(
        0,
        500,
      );
    if (attempt) {
      if (attempt.outcome === 'refused') return; // this attempt's failure is already applied
      await tx
        .update(whatsappAttempts)
        .set({
          outcome: 'refused',
          error_code: code ?? null,
          error_title: event.error?.title ?? 'failed',
          finished_at: now,
        })
        .where(eq(whatsappAttempts.id, attempt.id));
    }
    let outcome = whatsappErrorOutcome(code);
    if (outcome === 'resend_as_template' && attempt?.kind === 'template') outcome = 'give_up';
    if ((outcome === 'retry' || outcome === 'retry_after_day') && delivery.attempts >= WHATSAPP_MAX_ATTEMPTS)
      outcome = 'give_up';
    if (outcome === 'give_up') {
      await moveDelivery(tx, delivery, 'failed', { errorCode: code ?? null, reason, source: 'callback' }, now);
      return;
    }
    if (outcome === 'pause') await pauseQueue(tx, { code: code ?? null, reason, source: 'callback' }, now);
    const notBefore =
      outcome === 'retry'
        ? new Date(now.getTime() + backoffDelayMs(delivery.attempts))
        : outcome === 'retry_after_day'
          ? new Date(now.getTime() + RETRY_AFTER_DAY_MS)
          : null;
    const waitingFor = outcome === 'pause' ? 'paused' : notBefore ? 'retry' : null;
    const queued = await requeueDelivery(tx, delivery, { notBefore, waitingFor, errorCode: code ?? null, reason }, now);
    // A paused queue's deliveries are enqueued by the resume.
    if (queued && outcome !== 'pause')
      await jobs.enqueue(
        tx,
        WHATSAPP_SEND_JOB,
        { deliveryId: delivery.id },
        { singletonKey: whatsappSendSingletonKey(delivery.id), ...(notBefore ? { startAfter: notBefore } : {}) },
      );
  }

  return {
    async onStatus(tx, event) {
      const now = clock.now();
      const attempt = await findAttempt(tx, event);
      let deliveryId = attempt?.delivery_id;
      if (deliveryId === undefined) {
        const [byWamid] = await tx
          .select({ id: whatsappDeliveries.id })
          .from(whatsappDeliveries)
          .where(eq(whatsappDeliveries.wamid, event.wamid))
          .limit(1);
        deliveryId = byWamid?.id;
      }
      // Not a slip's message (a code, a later issue's message): nothing to do here.
      if (deliveryId === undefined) return;
      if (event.pricingCategory)
        await tx
          .update(whatsappDeliveries)
          .set({ pricing_category: event.pricingCategory })
          .where(eq(whatsappDeliveries.id, deliveryId));
      if (event.status === 'failed') return onFailed(tx, event, attempt, deliveryId, now);
      const move = EVENTS[event.status];
      if (!move) return; // a status Meta may add later
      // The delivery first, then its attempt: the order the worker and onFailed lock them in.
      const delivery = await lockDelivery(tx, deliveryId);
      if (!delivery) return;
      // A `sent` arriving after its message's `failed` changes nothing: the failure (a retry queued, or
      // given up) stands. Only delivered or read, which WhatsApp reports once the person has it, win.
      if (attempt?.outcome === 'refused' && move === 'accepted') return;
      if (attempt)
        await tx
          .update(whatsappAttempts)
          .set({ outcome: 'accepted', wamid: event.wamid, finished_at: now })
          .where(and(eq(whatsappAttempts.id, attempt.id), inArray(whatsappAttempts.outcome, ['pending', 'unknown'])));
      if (!delivery.wamid)
        await tx.update(whatsappDeliveries).set({ wamid: event.wamid }).where(eq(whatsappDeliveries.id, deliveryId));
      await moveDelivery(tx, delivery, move, { wamid: event.wamid, source: 'callback' }, now);
    },

    async onTemplateStatus(tx, event: WhatsappTemplateEvent) {
      const code = TEMPLATE_STOPS[event.event.toUpperCase()];
      if (code === undefined || event.templateName !== config.whatsapp.payslipTemplate) return;
      const reason = `The payslip template ${event.templateName}${event.language ? ` (${event.language})` : ''} was ${event.event.toLowerCase()} by WhatsApp${event.reason ? `: ${event.reason}` : ''}`;
      await pauseQueue(tx, { code, reason, source: 'template' }, clock.now());
    },
  };
}
