import type { Executor } from '../../db/client.js';
import { whatsappDeliveries } from '../../db/schema/index.js';
import type { JobRunner } from '../jobs/job-runner.js';

/** The send job of one delivery (modules/whatsapp/whatsapp.jobs.ts tells its whole story). */
export const WHATSAPP_SEND_JOB = 'whatsapp.send';
export interface WhatsappSendJobData {
  deliveryId: number;
}
/** Labels a delivery's job; on pg-boss's standard policy it de-duplicates nothing (the job's row lock does). */
export const whatsappSendSingletonKey = (deliveryId: number) => `delivery:${deliveryId}`;

/**
 * A contract several modules use (users' verification codes; the whatsapp module's own messages and
 * campaigns): how a WhatsApp message is queued. The whatsapp module's send job works what it queues.
 *
 * Every message the force sends other than a slip picked on the slips screen goes through here
 * (issue 31): one delivery, queued, and its send job enqueued in the caller's transaction, so the
 * message goes (once) exactly when what caused it commits. The send job applies the same limits,
 * retries, pauses and callbacks as to slips.
 */
export type QueuedMessageKind = 'payslip' | 'text' | 'template';
export type QueuedMessageOrigin = 'message' | 'campaign' | 'verification' | 'self_service' | 'stop';

export interface QueuedMessage {
  /** payslip: a slip's PDF (payslipId); text: `body`, free-form, inside the person's 24-hour window; template: `templateName` with `templateParams`. */
  kind: QueuedMessageKind;
  origin: QueuedMessageOrigin;
  /** The person it goes to; null for a reply to a number of nobody. */
  userId: number | null;
  /** The WhatsApp number, country code first, digits only (whatsappNumber in @srpf/shared). */
  toNumber: string;
  language: 'en' | 'mr' | 'hi';
  /** kind text: the message; kind template: its text as people read it, for the lists (never a code). */
  body?: string | null;
  templateName?: string | null;
  templateParams?: string[] | null;
  payslipId?: number | null;
  campaignId?: number | null;
  replyToInboundId?: number | null;
  /** Who asked for it; null when the product itself answers (self-service, STOP). */
  requestedBy: number | null;
}

/** The queued delivery row of a message (one place for the one message and the batch). */
const deliveryRow = (message: QueuedMessage, now: Date) => ({
  kind: message.kind,
  origin: message.origin,
  user_id: message.userId,
  to_number: message.toNumber,
  language: message.language,
  body: message.body ?? null,
  template_name: message.templateName ?? null,
  template_params: message.templateParams ?? null,
  payslip_id: message.payslipId ?? null,
  campaign_id: message.campaignId ?? null,
  reply_to_inbound_id: message.replyToInboundId ?? null,
  requested_by: message.requestedBy,
  created_at: now,
  updated_at: now,
});

export async function queueWhatsappMessage(
  tx: Executor,
  jobs: JobRunner,
  message: QueuedMessage,
  now: Date,
): Promise<{ deliveryId: number }> {
  const [row] = await tx
    .insert(whatsappDeliveries)
    .values(deliveryRow(message, now))
    .returning({ id: whatsappDeliveries.id });
  const deliveryId = row!.id;
  await jobs.enqueue<WhatsappSendJobData>(
    tx,
    WHATSAPP_SEND_JOB,
    { deliveryId },
    { singletonKey: whatsappSendSingletonKey(deliveryId) },
  );
  return { deliveryId };
}

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters (13 columns each). */
const QUEUE_BATCH = 1_000;

/**
 * queueWhatsappMessage for many people at once (a campaign to thousands): the deliveries inserted in
 * batches and their send jobs enqueued together, all in the caller's transaction. Answers the ids.
 */
export async function queueWhatsappMessages(
  tx: Executor,
  jobs: JobRunner,
  messages: readonly QueuedMessage[],
  now: Date,
): Promise<{ deliveryIds: number[] }> {
  const deliveryIds: number[] = [];
  for (let start = 0; start < messages.length; start += QUEUE_BATCH) {
    const rows = await tx
      .insert(whatsappDeliveries)
      .values(messages.slice(start, start + QUEUE_BATCH).map((message) => deliveryRow(message, now)))
      .returning({ id: whatsappDeliveries.id });
    const ids = rows.map((row) => row.id);
    deliveryIds.push(...ids);
    await jobs.enqueueMany<WhatsappSendJobData>(
      tx,
      WHATSAPP_SEND_JOB,
      ids.map((deliveryId) => ({ data: { deliveryId }, singletonKey: whatsappSendSingletonKey(deliveryId) })),
    );
  }
  return { deliveryIds };
}
