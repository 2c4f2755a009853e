import { z } from 'zod';
import { PAYSLIP_DELIVERY_STATUSES, WHATSAPP_BULK_SEND_MAX, WHATSAPP_SKIP_REASONS } from './whatsapp.rules.js';

/**
 * The WhatsApp contract (issue 30; spec document 2, sections 2.14 and 7).
 *
 * Paths (all under /api):
 * - `POST /payslips/{id}/send` (no body) and `POST /payslips/bulk-send` (ZBulkSendRequest), manage_payslips,
 *   slips within the actor's company scope → 200 ZWhatsappSendResponse. One id the actor may not see:
 *   404 for the whole request, nothing queued (the refusal audited). Each queued slip gets one delivery
 *   and its job in the same transaction; the others are listed in `skipped` with their reason.
 * - `POST /payslips/{id}/mark-sent`, manage_payslips: settles a `needs_check` slip as sent (409
 *   CONFLICT from any other status) → 200 ZPayslipDeliveryResponse. Resend is `POST /payslips/{id}/send`.
 * - `GET /whatsapp/queue`, manage_payslips → ZWhatsappQueueResponse: the provider, a pause, what waits.
 * - `POST /whatsapp/queue/resume`, administrators → ZWhatsappQueueResponse; 409 when not paused.
 * - `GET /whatsapp/webhook` (Meta's verification: hub.mode=subscribe, hub.verify_token, hub.challenge →
 *   the challenge as text/plain; a wrong token 403) and `POST /whatsapp/webhook` (Meta's callbacks,
 *   X-Hub-Signature-256 over the raw body; 401 without a valid one, nothing stored; 200 otherwise).
 */

export const ZPayslipDeliveryStatus = z.enum(PAYSLIP_DELIVERY_STATUSES);
export const ZWhatsappSkipReason = z.enum(WHATSAPP_SKIP_REASONS);

/** Where messages go: the Cloud API, or the outbox (stored as they would be sent, nobody contacted). */
export const WHATSAPP_PROVIDERS = ['cloud', 'outbox'] as const;
export type WhatsappProviderName = (typeof WHATSAPP_PROVIDERS)[number];
export const ZWhatsappProviderName = z.enum(WHATSAPP_PROVIDERS);

const payslipId = z
  .number({ error: 'payslip_ids must be positive whole numbers' })
  .int('payslip_ids must be positive whole numbers')
  .positive('payslip_ids must be positive whole numbers')
  .max(2_147_483_647, 'payslip_ids must be positive whole numbers');

/** POST /payslips/bulk-send. Duplicates are sent once. */
export const ZBulkSendRequest = z.object({
  payslip_ids: z
    .array(payslipId, { error: 'payslip_ids must be a list of payslip ids' })
    .min(1, 'Choose at least one payslip')
    .max(WHATSAPP_BULK_SEND_MAX, `At most ${WHATSAPP_BULK_SEND_MAX} payslips at once`),
});
export type TBulkSendRequest = z.infer<typeof ZBulkSendRequest>;

export const ZWhatsappSendResult = z.object({
  /** The slips queued by this request (their status is now `queued`). */
  queued: z.array(z.number().int()),
  /** The slips not queued, each with why. */
  skipped: z.array(z.object({ payslip_id: z.number().int(), reason: ZWhatsappSkipReason })),
  /** `outbox`: nothing is delivered to anyone (WHATSAPP_PROVIDER is not `cloud`): the screen says so. */
  provider: ZWhatsappProviderName,
  /** A sentence for the person who sent: how many were queued and, with the outbox, that nobody is contacted. */
  message: z.string(),
});
export type TWhatsappSendResult = z.infer<typeof ZWhatsappSendResult>;
export const ZWhatsappSendResponse = z.object({ success: z.literal(true), data: ZWhatsappSendResult });

/** A slip's delivery after a settle (mark-sent). */
export const ZPayslipDelivery = z.object({
  payslip_id: z.number().int(),
  status: ZPayslipDeliveryStatus,
  /** Why it failed or needs a check, else null. */
  status_reason: z.string().nullable(),
});
export const ZPayslipDeliveryResponse = z.object({ success: z.literal(true), data: ZPayslipDelivery });

/** The queue as the slips screen shows it. */
export const ZWhatsappQueueState = z.object({
  provider: ZWhatsappProviderName,
  /** Null while sending; otherwise why it stopped (the Cloud API's error code when one caused it) and since when. */
  paused: z.object({ code: z.number().int().nullable(), reason: z.string(), since: z.string() }).nullable(),
  /** Slips queued and not yet handed to WhatsApp. */
  queued: z.number().int(),
  /** Of those, how many wait for the daily messaging limit, and until when it lets the next one go (ISO), else null. */
  waiting_for_daily_limit: z.object({ count: z.number().int(), until: z.string().nullable() }),
  /** Slips whose outcome is unknown (shown with Resend and Mark as sent). */
  needs_check: z.number().int(),
});
export type TWhatsappQueueState = z.infer<typeof ZWhatsappQueueState>;
export const ZWhatsappQueueResponse = z.object({ success: z.literal(true), data: ZWhatsappQueueState });

/** GET /whatsapp/webhook: Meta's subscription check. */
export const ZWebhookVerifyQuery = z.object({
  'hub.mode': z.string().optional(),
  'hub.verify_token': z.string().optional(),
  'hub.challenge': z.string().max(200).optional(),
});

/** The longest free-form message New Message sends (WhatsApp takes 4,096; a notice is short). */
export const WHATSAPP_MESSAGE_MAX = 1_000;

/** POST /whatsapp/send: a free-form text to one person, inside their 24-hour window. */
export const ZWhatsappMessageSendRequest = z.object({
  user_id: z
    .number({ error: 'user_id must be a person’s id' })
    .int('user_id must be a person’s id')
    .positive('user_id must be a person’s id')
    .max(2_147_483_647, 'user_id must be a person’s id'),
  body: z
    .string({ error: 'Write the message' })
    .trim()
    .min(1, 'Write the message')
    .max(WHATSAPP_MESSAGE_MAX, `At most ${WHATSAPP_MESSAGE_MAX} characters`),
});
export type TWhatsappMessageSendRequest = z.infer<typeof ZWhatsappMessageSendRequest>;

export const ZWhatsappMessageSendResponse = z.object({
  success: z.literal(true),
  data: z.object({
    delivery: z.object({ id: z.number().int(), state: z.literal('queued'), to_number: z.string() }),
  }),
  /** A sentence for the sender; with the outbox it says plainly that nobody receives anything. */
  message: z.string(),
  /** Present (true) when WhatsApp is not connected: the message is only stored. */
  outbox: z.literal(true).optional(),
});
export type TWhatsappMessageSendResponse = z.infer<typeof ZWhatsappMessageSendResponse>;
