/**
 * The webhook calls Meta makes for the WhatsApp Cloud API, shaped as its reference shows them:
 * `{object:'whatsapp_business_account', entry:[{id, changes:[{value, field}]}]}` with `statuses[]` or
 * `messages[]` (field `messages`) or a template's status (field `message_template_status_update`),
 * signed `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body with the app secret>`.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { webhookError } from './graph-errors.js';

export interface GraphAccount {
  wabaId: string;
  phoneNumberId: string;
  displayPhoneNumber: string;
}

export type MessageStatus = 'sent' | 'delivered' | 'read' | 'failed';

export interface StatusOf {
  wamid: string;
  status: MessageStatus;
  /** Seconds since the epoch. */
  timestamp: number;
  recipient: string;
  callbackData?: string;
  /** utility for a template, service for a free-form message inside the window. */
  category: 'utility' | 'service';
  conversationId: string;
  /** For `failed`. */
  errorCode?: number;
}

const unixSeconds = (ms = Date.now()) => Math.floor(ms / 1000);

const envelope = (account: GraphAccount, value: object, field: string, withTime = false) => ({
  object: 'whatsapp_business_account',
  entry: [{ id: account.wabaId, ...(withTime ? { time: unixSeconds() } : {}), changes: [{ value, field }] }],
});

const metadata = (account: GraphAccount) => ({
  display_phone_number: account.displayPhoneNumber,
  phone_number_id: account.phoneNumberId,
});

export function statusPayload(account: GraphAccount, status: StatusOf) {
  const failed = status.status === 'failed';
  const entry = {
    id: status.wamid,
    status: status.status,
    timestamp: String(status.timestamp),
    recipient_id: status.recipient,
    ...(status.callbackData === undefined ? {} : { biz_opaque_callback_data: status.callbackData }),
    ...(failed
      ? { errors: [webhookError(status.errorCode ?? 131026)] }
      : {
          conversation: {
            id: status.conversationId,
            ...(status.status === 'sent' ? { expiration_timestamp: String(status.timestamp + 24 * 3600) } : {}),
            origin: { type: status.category },
          },
          pricing: {
            billable: status.category !== 'service',
            pricing_model: 'PMP',
            category: status.category,
          },
        }),
  };
  return envelope(
    account,
    { messaging_product: 'whatsapp', metadata: metadata(account), statuses: [entry] },
    'messages',
  );
}

/** A person's text message; with a BSUID, as Meta sends it since 2026: `contacts[].user_id` and `from_user_id`. */
export function inboundPayload(
  account: GraphAccount,
  from: string,
  text: string,
  wamid: string,
  name = 'Loopback',
  bsuid?: string,
) {
  return envelope(
    account,
    {
      messaging_product: 'whatsapp',
      metadata: metadata(account),
      contacts: [{ profile: { name }, wa_id: from, ...(bsuid ? { user_id: bsuid } : {}) }],
      messages: [
        {
          from,
          ...(bsuid ? { from_user_id: bsuid } : {}),
          id: wamid,
          timestamp: String(unixSeconds()),
          type: 'text',
          text: { body: text },
        },
      ],
    },
    'messages',
  );
}

export function templateStatusPayload(
  account: GraphAccount,
  name: string,
  event: string,
  language = 'en',
  reason = 'NONE',
) {
  return envelope(
    account,
    {
      event,
      message_template_id: Number.parseInt(randomBytes(5).toString('hex'), 16),
      message_template_name: name,
      message_template_language: language,
      reason,
    },
    'message_template_status_update',
    true,
  );
}

/** `sha256=` and the hex HMAC-SHA256 of the raw body with the app secret (Meta's X-Hub-Signature-256). */
export function hubSignature(rawBody: string | Buffer, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/** A message id in Meta's form (base64 of an opaque value after `wamid.`). */
export function newWamid(): string {
  return `wamid.${randomBytes(30).toString('base64')}`;
}
