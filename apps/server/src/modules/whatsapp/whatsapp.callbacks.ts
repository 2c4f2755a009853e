import type { Executor } from '../../db/client.js';

/**
 * What the webhook (whatsapp.webhook.*.ts) hands to the delivery side (whatsapp.send.*.ts) once a
 * signed callback has been read and each event de-duplicated: a status of a message the force sent,
 * and a change of a template's status. Applied inside the webhook's transaction, idempotently and in
 * any order (a `delivered` may arrive before its `sent`).
 */
export interface WhatsappStatusEvent {
  /** The message id (`statuses[].id`). */
  wamid: string;
  /** sent | delivered | read | failed (Meta may add others: ignored). */
  status: string;
  /** Meta's timestamp of the status. */
  at: Date;
  /** The attempt's key, echoed as `biz_opaque_callback_data` (absent on older callbacks). */
  callbackData?: string;
  /** The recipient (`recipient_id`), digits. */
  recipient: string;
  /** `pricing.category` (utility, authentication, service, marketing…), when given. */
  pricingCategory?: string;
  /** For `failed`: the first of `errors[]`. */
  error?: { code: number; title: string; details?: string };
}

/** `message_template_status_update`: a template approved, paused, disabled, rejected… */
export interface WhatsappTemplateEvent {
  templateName: string;
  language?: string;
  /** APPROVED | PAUSED | DISABLED | REJECTED | … as Meta sends it (`event`). */
  event: string;
  reason?: string;
}

export interface WhatsappDeliveryCallbacks {
  onStatus(tx: Executor, event: WhatsappStatusEvent): Promise<void>;
  onTemplateStatus(tx: Executor, event: WhatsappTemplateEvent): Promise<void>;
}
