import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { payslips } from './payslips.js';
import { companies, users } from './people.js';
import { createdAt, updatedAt } from './columns.js';

/**
 * A broadcast of an approved template to the people of one company (or every company, `company_id`
 * null) who agreed to notices (issue 31). A draft until sent or scheduled; sending queues one delivery
 * per person (kind template, origin campaign) within the messaging limit.
 */
export const whatsappCampaigns = pgTable(
  'whatsapp_campaigns',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** The approved template's name, sent in each person's language. */
    template_name: text('template_name').notNull(),
    /** The template's category as Meta approved it (utility | marketing). */
    category: text('category').notNull().default('utility'),
    /** The template's body parameters, in order. */
    parameters: jsonb('parameters')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The text as people read it (the template's body with the parameters filled in): the spec's `message`. */
    message: text('message'),
    /**
     * The people of this company who agreed to notices; null: of every company. A company's campaigns
     * go with it: never null on its delete, which would send its notice to the whole force.
     */
    company_id: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    /** draft | scheduled | sending | sent | cancelled. */
    status: text('status').notNull().default('draft'),
    scheduled_at: timestamp('scheduled_at', { withTimezone: true }),
    started_at: timestamp('started_at', { withTimezone: true }),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    /** The deliveries queued when it was sent. */
    recipients: integer('recipients').notNull().default(0),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updated_by: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('whatsapp_campaigns_created_idx').on(t.created_at),
    index('whatsapp_campaigns_scheduled_idx')
      .on(t.scheduled_at)
      .where(sql`${t.status} = 'scheduled'`),
    check(
      'whatsapp_campaigns_status_known',
      sql`${t.status} IN ('draft', 'scheduled', 'sending', 'sent', 'cancelled')`,
    ),
  ],
);

/**
 * Salary slips delivered over WhatsApp (issue 30), and since issue 31 every message the force sends:
 * `kind` says what goes (a slip's PDF, a free-form text inside the person's window, or an approved
 * template with parameters), `origin` why (a slip sent from the slips screen, a message written on the
 * messaging overview, a campaign, a verification code, a self-service reply, the STOP confirmation). A send queues one delivery per slip (and its job,
 * in the same transaction); each try of the worker is an attempt with its own key, which the Cloud API
 * echoes back in status callbacks (`biz_opaque_callback_data`), so a callback finds its attempt even
 * when the worker died before recording the message id. The slip's own `status` is what the list
 * shows; a delivery's `state` follows the same values (whatsapp.rules.ts).
 */
export const whatsappDeliveries = pgTable(
  'whatsapp_deliveries',
  {
    id: serial('id').primaryKey(),
    /** payslip | text | template. */
    kind: text('kind').notNull().default('payslip'),
    /** payslip_send | message | campaign | verification | self_service | stop. */
    origin: text('origin').notNull().default('payslip_send'),
    /** The slip (kind payslip). */
    payslip_id: integer('payslip_id').references(() => payslips.id, { onDelete: 'cascade' }),
    /** The person; null for a reply to a number of nobody. */
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** kind text: the message; kind template: its text as read, for the lists (never a code's digits). */
    body: text('body'),
    /** kind template: the approved template and its body parameters. */
    template_name: text('template_name'),
    template_params: jsonb('template_params').$type<string[]>(),
    /**
     * kind template: Meta's code of the language the template was approved in (en_US, mr, hi), sent as
     * the template's language; null: the delivery's `language` (the product's own templates use it).
     */
    template_language: text('template_language'),
    campaign_id: integer('campaign_id').references(() => whatsappCampaigns.id, { onDelete: 'set null' }),
    /** The inbound message this answers (self-service, STOP). */
    reply_to_inbound_id: integer('reply_to_inbound_id').references(() => whatsappInboundMessages.id, {
      onDelete: 'set null',
    }),
    /** The WhatsApp number as sent to (country code, digits only: 91XXXXXXXXXX), when queued. */
    to_number: text('to_number').notNull(),
    /** en | mr | hi: the person's whatsapp_language when queued. */
    language: text('language').notNull(),
    /** queued | sent | delivered | read | failed | needs_check (PAYSLIP_DELIVERY_STATUSES minus generated). */
    state: text('state').notNull().default('queued'),
    /** The Cloud API's message id once accepted (`wamid.…`). */
    wamid: text('wamid'),
    /** Attempts made so far. */
    attempts: integer('attempts').notNull().default(0),
    /** While queued: not before this moment (a rate, pair or daily limit, or a back-off). */
    not_before: timestamp('not_before', { withTimezone: true }),
    /** While queued and held back: rate | pair | daily_limit | paused | retry; null when due. */
    waiting_for: text('waiting_for'),
    /** The last Cloud API error code, and the reason recorded (failed, needs_check). */
    error_code: integer('error_code'),
    status_reason: text('status_reason'),
    /** The pricing category of the latest status callback (utility, authentication, service, …). */
    pricing_category: text('pricing_category'),
    requested_by: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    // A slip is queued once at a time: the database refuses a second open delivery.
    uniqueIndex('whatsapp_deliveries_open_unique')
      .on(t.payslip_id)
      .where(sql`${t.state} = 'queued'`),
    index('whatsapp_deliveries_payslip_idx').on(t.payslip_id, t.created_at),
    index('whatsapp_deliveries_wamid_idx').on(t.wamid),
    index('whatsapp_deliveries_state_idx').on(t.state, t.not_before),
    index('whatsapp_deliveries_created_idx').on(t.created_at),
    index('whatsapp_deliveries_campaign_idx').on(t.campaign_id),
    index('whatsapp_deliveries_user_idx').on(t.user_id, t.created_at),
    check('whatsapp_deliveries_kind_known', sql`${t.kind} IN ('payslip', 'text', 'template')`),
    check(
      'whatsapp_deliveries_origin_known',
      sql`${t.origin} IN ('payslip_send', 'message', 'campaign', 'verification', 'self_service', 'stop')`,
    ),
    check('whatsapp_deliveries_payslip_has_slip', sql`${t.kind} <> 'payslip' OR ${t.payslip_id} IS NOT NULL`),
    check('whatsapp_deliveries_text_has_body', sql`${t.kind} <> 'text' OR ${t.body} IS NOT NULL`),
    check('whatsapp_deliveries_template_named', sql`${t.kind} <> 'template' OR ${t.template_name} IS NOT NULL`),
    check(
      'whatsapp_deliveries_state_known',
      sql`${t.state} IN ('queued', 'sent', 'delivered', 'read', 'failed', 'needs_check')`,
    ),
    check('whatsapp_deliveries_language_known', sql`${t.language} IN ('en', 'mr', 'hi')`),
  ],
);

/** One try of a delivery: `pending` from just before the request until its answer is recorded. */
export const whatsappAttempts = pgTable(
  'whatsapp_attempts',
  {
    id: serial('id').primaryKey(),
    delivery_id: integer('delivery_id')
      .notNull()
      .references(() => whatsappDeliveries.id, { onDelete: 'cascade' }),
    /** Sent as `biz_opaque_callback_data`; status callbacks echo it. */
    key: uuid('key').notNull().unique(),
    /** template | document (free-form, inside the person's 24-hour window). */
    kind: text('kind').notNull(),
    /** pending | accepted | refused | unknown (the worker stopped before recording the answer). */
    outcome: text('outcome').notNull().default('pending'),
    wamid: text('wamid'),
    error_code: integer('error_code'),
    error_title: text('error_title'),
    started_at: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('whatsapp_attempts_delivery_idx').on(t.delivery_id),
    index('whatsapp_attempts_wamid_idx').on(t.wamid),
    index('whatsapp_attempts_pending_idx')
      .on(t.started_at)
      .where(sql`${t.outcome} IN ('pending', 'unknown')`),
    check('whatsapp_attempts_kind_known', sql`${t.kind} IN ('template', 'document')`),
    check('whatsapp_attempts_outcome_known', sql`${t.outcome} IN ('pending', 'accepted', 'refused', 'unknown')`),
  ],
);

/** A slip's PDF uploaded as WhatsApp media: reused while younger than WHATSAPP_MEDIA_REUSE_MS. */
export const whatsappMedia = pgTable(
  'whatsapp_media',
  {
    /** The stored PDF (payslips.pdf_key). */
    file_key: text('file_key').notNull(),
    phone_number_id: text('phone_number_id').notNull(),
    media_id: text('media_id').notNull(),
    uploaded_at: timestamp('uploaded_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.file_key, t.phone_number_id] })],
);

/**
 * Every message handed to WhatsApp, for the limits shared by every worker process: the sliding
 * 1,000 ms window per phone number, the 6 s between messages to one person, and the unique people sent
 * a template in any moving 24 hours. Rows older than a day are pruned.
 */
export const whatsappSends = pgTable(
  'whatsapp_sends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone_number_id: text('phone_number_id').notNull(),
    to_number: text('to_number').notNull(),
    /** A template message (counts towards the daily messaging limit). */
    template: boolean('template').notNull(),
    sent_at: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('whatsapp_sends_window_idx').on(t.phone_number_id, t.sent_at),
    index('whatsapp_sends_recipient_idx').on(t.to_number, t.sent_at),
  ],
);

/** Callbacks already applied, by event (a status: `status:<wamid>:<status>`; a message: `message:<id>`): Meta retries for days. */
export const whatsappWebhookEvents = pgTable('whatsapp_webhook_events', {
  event_key: text('event_key').primaryKey(),
  received_at: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Messages people sent to the force's number: they open the person's 24-hour window. */
export const whatsappInboundMessages = pgTable(
  'whatsapp_inbound_messages',
  {
    id: serial('id').primaryKey(),
    wamid: text('wamid').notNull().unique(),
    /** The sender's number; null when the webhook gave only the BSUID (a person who hides their number). */
    from_number: text('from_number'),
    /** The sender's business-scoped user id, when the webhook gives one (always, when the number is missing). */
    from_bsuid: text('from_bsuid'),
    /** The sender's WhatsApp profile name (the webhook's contacts), the spec's `contact_name`. */
    contact_name: text('contact_name'),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** text | image | document | button | … as Meta names it. */
    type: text('type').notNull(),
    /** The text, when the message has one. */
    body: text('body'),
    /** When the person sent it (Meta's timestamp). */
    sent_at: timestamp('sent_at', { withTimezone: true }).notNull(),
    /**
     * What self-service made of it (issue 31): payslip | leave | help | stop | unknown_number |
     * limited | off (self-service switched off); null until handled.
     */
    intent: text('intent'),
    handled_at: timestamp('handled_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    index('whatsapp_inbound_from_idx').on(t.from_number, t.sent_at),
    index('whatsapp_inbound_sent_idx').on(t.sent_at),
    check('whatsapp_inbound_sender_named', sql`${t.from_number} IS NOT NULL OR ${t.from_bsuid} IS NOT NULL`),
  ],
);

/**
 * A six-digit code sent to a number a person wants to receive WhatsApp on (issue 31): stored hashed,
 * valid 15 minutes, used once, 5 tries; at most 3 a person an hour.
 */
export const whatsappVerificationCodes = pgTable(
  'whatsapp_verification_codes',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The number the code went to (as stored on the person: 10 digits). */
    phone_number: text('phone_number').notNull(),
    code_hash: text('code_hash').notNull(),
    tries: integer('tries').notNull().default(0),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    delivery_id: integer('delivery_id').references(() => whatsappDeliveries.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [index('whatsapp_verification_codes_user_idx').on(t.user_id, t.created_at)],
);

/** The queue's one row: paused (why, since when, by what) or sending. */
export const whatsappQueueState = pgTable(
  'whatsapp_queue_state',
  {
    id: integer('id').primaryKey().default(1),
    paused_at: timestamp('paused_at', { withTimezone: true }),
    pause_code: integer('pause_code'),
    pause_reason: text('pause_reason'),
    resumed_at: timestamp('resumed_at', { withTimezone: true }),
    resumed_by: integer('resumed_by').references(() => users.id, { onDelete: 'set null' }),
    updated_at: updatedAt(),
  },
  (t) => [check('whatsapp_queue_state_one_row', sql`${t.id} = 1`)],
);

/** The `outbox` provider's messages: exactly what would have been sent to the Cloud API, sent to nobody. */
export const whatsappOutbox = pgTable(
  'whatsapp_outbox',
  {
    id: serial('id').primaryKey(),
    /** The recipient of a message; null for a media upload. */
    to_number: text('to_number'),
    /** The Graph API path it would have gone to (`/{phone-number-id}/messages`, `/{phone-number-id}/media`). */
    path: text('path').notNull(),
    /** The request body as JSON (a media upload: its fields, the file named by its stored key). */
    body: jsonb('body').notNull(),
    attempt_key: uuid('attempt_key'),
    created_at: createdAt(),
  },
  (t) => [index('whatsapp_outbox_created_idx').on(t.created_at)],
);
