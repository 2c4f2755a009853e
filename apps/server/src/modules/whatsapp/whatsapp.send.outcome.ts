import { and, eq, inArray } from 'drizzle-orm';
import { whatsappErrorOutcome } from '@srpf/shared';
import type { Executor } from '../../db/client.js';
import { whatsappAttempts, whatsappDeliveries } from '../../db/schema/index.js';
import type { JobRunner } from '../../lib/jobs/job-runner.js';
import { holdDelivery, lockDelivery, moveDelivery } from './whatsapp.deliveries.repository.js';
import { WHATSAPP_SEND_JOB, whatsappSendSingletonKey } from './whatsapp.jobs.js';
import type { WhatsappApiError } from './whatsapp.provider.js';
import { pauseQueue } from './whatsapp.queue.state.js';
import { backoffDelayMs, RETRY_AFTER_DAY_MS, WHATSAPP_MAX_ATTEMPTS } from './whatsapp.queue.retry.js';

/** What the worker records once WhatsApp has answered an attempt. */

export type AttemptOutcome = 'sent' | 'resend' | 'retry' | 'failed' | 'paused' | 'stale';

/** The words recorded for an error: WhatsApp's message, its details and its code. */
export function errorReason(error: WhatsappApiError): string {
  const details = error.details && error.details !== error.message ? `: ${error.details}` : '';
  const code = error.code === undefined ? '' : ` (code ${error.code})`;
  return `WhatsApp refused the message: ${error.message}${details}${code}`.slice(0, 500);
}

/** Accepted: the attempt and its wamid, the delivery and slip `sent` (never back from where a callback moved them). */
export async function recordAccepted(
  tx: Executor,
  attempt: { id: number; deliveryId: number },
  wamid: string,
  now: Date,
): Promise<AttemptOutcome> {
  // The delivery first, then its attempt: the order the callbacks lock them in.
  const delivery = await lockDelivery(tx, attempt.deliveryId);
  // A `failed` callback may have come before this answer was recorded: that failure stands.
  const [current] = await tx
    .select({ outcome: whatsappAttempts.outcome })
    .from(whatsappAttempts)
    .where(eq(whatsappAttempts.id, attempt.id));
  if (!delivery || !current || current.outcome === 'refused') return 'stale';
  await tx
    .update(whatsappAttempts)
    .set({ outcome: 'accepted', wamid, finished_at: now })
    .where(and(eq(whatsappAttempts.id, attempt.id), inArray(whatsappAttempts.outcome, ['pending', 'unknown'])));
  await tx.update(whatsappDeliveries).set({ wamid, error_code: null }).where(eq(whatsappDeliveries.id, delivery.id));
  await moveDelivery(tx, delivery, 'accepted', { wamid, source: 'worker' }, now);
  return 'sent';
}

/**
 * Refused (or failed on the way): by whatsappErrorOutcome. Passing errors come back with back-off
 * (re-enqueued through this transaction) until WHATSAPP_MAX_ATTEMPTS; 131049 after a day; the
 * free-form message outside the window goes again as the template at once (the caller sends it);
 * errors only a person can fix pause the whole queue, the delivery waiting.
 */
export async function recordRefused(
  tx: Executor,
  jobs: JobRunner,
  attempt: { id: number; deliveryId: number; kind: 'template' | 'document' },
  error: WhatsappApiError,
  now: Date,
): Promise<AttemptOutcome> {
  await tx
    .update(whatsappAttempts)
    .set({
      outcome: 'refused',
      error_code: error.code ?? null,
      error_title: error.message.slice(0, 500),
      finished_at: now,
    })
    .where(eq(whatsappAttempts.id, attempt.id));
  const delivery = await lockDelivery(tx, attempt.deliveryId);
  // A callback settled it meanwhile (it was accepted after all): what WhatsApp reported stands.
  if (!delivery || delivery.state !== 'queued') return 'stale';
  let outcome = whatsappErrorOutcome(error.code, error.httpStatus);
  // Only a slip's free-form message has a template to fall back to; a template (or a text) refused so is given up.
  if (outcome === 'resend_as_template' && (attempt.kind === 'template' || delivery.kind !== 'payslip'))
    outcome = 'give_up';
  const code = error.code ?? null;
  switch (outcome) {
    case 'resend_as_template':
      await holdDelivery(tx, delivery.id, { notBefore: null, waitingFor: null, errorCode: code }, now);
      return 'resend';
    case 'retry':
    case 'retry_after_day': {
      if (delivery.attempts >= WHATSAPP_MAX_ATTEMPTS) {
        const reason = `${errorReason(error)}; given up after ${delivery.attempts} attempts`;
        await moveDelivery(tx, delivery, 'failed', { errorCode: code, reason, source: 'worker' }, now);
        return 'failed';
      }
      const wait = outcome === 'retry' ? backoffDelayMs(delivery.attempts) : RETRY_AFTER_DAY_MS;
      const notBefore = new Date(now.getTime() + wait);
      await holdDelivery(tx, delivery.id, { notBefore, waitingFor: 'retry', errorCode: code }, now);
      await jobs.enqueue(
        tx,
        WHATSAPP_SEND_JOB,
        { deliveryId: delivery.id },
        { startAfter: notBefore, singletonKey: whatsappSendSingletonKey(delivery.id) },
      );
      return 'retry';
    }
    case 'give_up':
      await moveDelivery(
        tx,
        delivery,
        'failed',
        { errorCode: code, reason: errorReason(error), source: 'worker' },
        now,
      );
      return 'failed';
    case 'pause':
      await pauseQueue(tx, { code, reason: errorReason(error), source: 'worker' }, now);
      await holdDelivery(tx, delivery.id, { notBefore: null, waitingFor: 'paused', errorCode: code }, now);
      return 'paused';
  }
}
