import { z } from 'zod';
import type { WhatsappStatusEvent, WhatsappTemplateEvent } from './whatsapp.callbacks.js';

/**
 * Meta's webhook payload (WhatsApp Cloud API): `{object: 'whatsapp_business_account', entry: [{id,
 * changes: [{field, value}]}]}`. `field: messages` carries `value.statuses[]` (of messages we sent) and
 * `value.messages[]` (people writing to us); `field: message_template_status_update` a template's new
 * status. Each item is read on its own and unknown keys are dropped, so a field Meta adds, or one item
 * of a shape we do not know, costs that item only (counted in `ignored`), never the others.
 */

/** A message sent to the force's number, as stored in whatsapp_inbound_messages. */
export interface WhatsappInboundMessage {
  wamid: string;
  /**
   * The sender, digits (91XXXXXXXXXX for an Indian number); absent when Meta gives only the sender's
   * business-scoped user id (a person who hid their number behind a username).
   */
  from?: string;
  /** text | image | document | button | … as Meta names it. */
  type: string;
  body?: string;
  sentAt: Date;
  /** The sender's business-scoped user id (`contacts[].user_id` or the message's `from_user_id`), when given. */
  fromBsuid?: string;
  /** The sender's WhatsApp profile name (`contacts[].profile.name`), when given. */
  contactName?: string;
}

export interface WhatsappWebhookEvents {
  statuses: WhatsappStatusEvent[];
  messages: WhatsappInboundMessage[];
  templates: WhatsappTemplateEvent[];
  /** Items (changes, statuses, messages) not understood and left out. */
  ignored: number;
}

const id = z.string().min(1).max(512);
const digits = z.string().regex(/^\d{1,20}$/);
/** Meta's timestamps: Unix seconds, as a string (or a number). */
const unixSeconds = z
  .union([z.string().regex(/^\d{1,12}$/), z.number().int().nonnegative().max(1e12)])
  .transform((seconds) => new Date(Number(seconds) * 1000));
/** PostgreSQL text takes no NUL character: a person's text is stored without them. */
const text = z.string().transform((value) => value.replace(/\0/g, ''));

const ZStatus = z.object({
  id,
  status: z.string().min(1).max(64),
  timestamp: unixSeconds,
  recipient_id: digits,
  biz_opaque_callback_data: z.string().max(512).optional(),
  pricing: z.object({ category: z.string().max(64).optional() }).optional(),
  errors: z
    .array(
      z.object({
        code: z.number().int(),
        title: text.optional(),
        message: text.optional(),
        error_data: z.object({ details: text.optional() }).optional(),
      }),
    )
    .optional(),
});

const ZMessage = z.object({
  id,
  from: digits.optional(),
  timestamp: unixSeconds,
  type: z.string().min(1).max(64),
  text: z.object({ body: text }).optional(),
  // A quick-reply button's text: what the person answered.
  button: z.object({ text: text.optional() }).optional(),
  from_user_id: z.string().min(1).max(512).optional(),
});

/** `value.contacts[]`: who sent the messages (the number, the BSUID since 2026, the profile name). */
const ZContact = z.object({
  wa_id: z.string().max(64).optional(),
  user_id: z.string().min(1).max(512).optional(),
  profile: z.object({ name: text.optional() }).optional(),
});
type Contact = z.infer<typeof ZContact>;

/** The contacts of a change, each read on its own (one Meta shapes differently is left out). */
function contactsOf(value: unknown): Contact[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = ZContact.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

const ZTemplateChange = z.object({
  event: z.string().min(1).max(64),
  message_template_name: z.string().min(1).max(512),
  message_template_language: z.string().max(32).optional(),
  reason: text.nullable().optional(),
});

const ZChange = z.object({ field: z.string(), value: z.record(z.string(), z.unknown()) });
const ZEnvelope = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(z.object({ changes: z.array(z.unknown()) })),
});

function statusEvent(status: z.infer<typeof ZStatus>): WhatsappStatusEvent {
  const error = status.errors?.[0];
  return {
    wamid: status.id,
    status: status.status,
    at: status.timestamp,
    recipient: status.recipient_id,
    ...(status.biz_opaque_callback_data !== undefined ? { callbackData: status.biz_opaque_callback_data } : {}),
    ...(status.pricing?.category !== undefined ? { pricingCategory: status.pricing.category } : {}),
    ...(error
      ? {
          error: {
            code: error.code,
            title: error.title ?? error.message ?? '',
            ...(error.error_data?.details !== undefined ? { details: error.error_data.details } : {}),
          },
        }
      : {}),
  };
}

function inboundMessage(message: z.infer<typeof ZMessage>, contacts: Contact[]): WhatsappInboundMessage {
  const body = message.text?.body ?? message.button?.text;
  // The sender's contact: the one of its number or of its BSUID, or the only one given.
  const contact =
    contacts.find((one) => message.from !== undefined && one.wa_id === message.from) ??
    contacts.find((one) => message.from_user_id !== undefined && one.user_id === message.from_user_id) ??
    (contacts.length === 1 ? contacts[0] : undefined);
  const bsuid = message.from_user_id ?? contact?.user_id;
  const name = contact?.profile?.name?.slice(0, 256);
  return {
    wamid: message.id,
    ...(message.from !== undefined ? { from: message.from } : {}),
    type: message.type,
    ...(body !== undefined ? { body } : {}),
    sentAt: message.timestamp,
    ...(bsuid !== undefined ? { fromBsuid: bsuid } : {}),
    ...(name ? { contactName: name } : {}),
  };
}

/** Reads the parts of `items` that `schema` understands; counts the others. */
function readEach<S extends z.ZodType, T>(items: unknown, schema: S, into: T[], as: (item: z.output<S>) => T): number {
  if (items === undefined) return 0;
  if (!Array.isArray(items)) return 1;
  let ignored = 0;
  for (const item of items) {
    const parsed = schema.safeParse(item);
    if (parsed.success) into.push(as(parsed.data));
    else ignored += 1;
  }
  return ignored;
}

const ZMetadata = z.object({ phone_number_id: z.string() });

/**
 * The events of a payload; null when it is not Meta's WhatsApp payload at all (another object, no
 * entries). Fields other than `messages` and `message_template_status_update` are left out unread.
 * With `phoneNumberId`, the `messages` of another number of the same app (its statuses, the messages
 * people sent it) are left out too: a person's window is opened on the number that was written to.
 */
export function readWebhookPayload(
  json: unknown,
  options: { phoneNumberId?: string } = {},
): WhatsappWebhookEvents | null {
  const envelope = ZEnvelope.safeParse(json);
  if (!envelope.success) return null;
  const events: WhatsappWebhookEvents = { statuses: [], messages: [], templates: [], ignored: 0 };
  for (const entry of envelope.data.entry) {
    for (const item of entry.changes) {
      const change = ZChange.safeParse(item);
      if (!change.success) {
        events.ignored += 1;
        continue;
      }
      const { field, value } = change.data;
      if (field === 'messages') {
        const metadata = ZMetadata.safeParse(value.metadata);
        if (options.phoneNumberId && metadata.success && metadata.data.phone_number_id !== options.phoneNumberId) {
          events.ignored += 1;
          continue;
        }
        events.ignored += readEach(value.statuses, ZStatus, events.statuses, statusEvent);
        const contacts = contactsOf(value.contacts);
        const messages: WhatsappInboundMessage[] = [];
        events.ignored += readEach(value.messages, ZMessage, messages, (message) => inboundMessage(message, contacts));
        // Meta names the sender by number, by BSUID or both; a message naming neither has nobody to answer.
        for (const message of messages) {
          if (message.from !== undefined || message.fromBsuid !== undefined) events.messages.push(message);
          else events.ignored += 1;
        }
      } else if (field === 'message_template_status_update') {
        const template = ZTemplateChange.safeParse(value);
        if (!template.success) events.ignored += 1;
        else
          events.templates.push({
            templateName: template.data.message_template_name,
            event: template.data.event,
            ...(template.data.message_template_language !== undefined
              ? { language: template.data.message_template_language }
              : {}),
            ...(template.data.reason != null ? { reason: template.data.reason } : {}),
          });
      }
    }
  }
  return events;
}
