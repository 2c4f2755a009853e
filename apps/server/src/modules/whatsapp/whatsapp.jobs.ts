/**
 * The WhatsApp jobs (issue 30), named here so that the send service, the webhook and the worker agree.
 * - `whatsapp.send` { deliveryId }: one delivery's next attempt. Enqueued in the transaction that
 *   queues the delivery, again when a callback asks for a retry, by a resume and by the minute's sweep
 *   of deliveries whose job was lost. Its key `delivery:<id>` only labels it: on pg-boss's standard
 *   policy a key de-duplicates nothing, so a delivery may have two jobs. That is safe: the job takes the
 *   delivery's row lock, and a delivery no longer `queued`, or with an attempt whose outcome is not
 *   known, is never sent again by it. Expiry ≤ 60 s so a killed worker's job is picked up quickly.
 * - `whatsapp.unknown-outcomes` (every minute): attempts left `pending` by a worker that stopped become
 *   `unknown`; an `unknown` attempt with no matching callback after WHATSAPP_UNKNOWN_OUTCOME_SECONDS makes
 *   its delivery (and slip) `needs_check`.
 */
export {
  WHATSAPP_SEND_JOB,
  whatsappSendSingletonKey,
  type WhatsappSendJobData,
} from '../../lib/contracts/whatsapp-messages.js';

export const WHATSAPP_UNKNOWN_OUTCOMES_JOB = 'whatsapp.unknown-outcomes';

/**
 * `whatsapp.inbound` { inboundId } (issue 31): what a message a person sent us gets back (STOP,
 * self-service), enqueued in the transaction that stores the message; idempotent by `handled_at`.
 */
export const WHATSAPP_INBOUND_JOB = 'whatsapp.inbound';
export interface WhatsappInboundJobData {
  inboundId: number;
}
