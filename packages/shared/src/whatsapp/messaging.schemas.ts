import { z } from 'zod';
import { ZPagination } from '../common/pagination.js';
import { queryText } from '../common/query.js';
import { ZWhatsappProviderName } from './whatsapp.schemas.js';

/**
 * The messaging overview's contract (issue 31; spec document 2, sections 2.15, 3 and 7). Paths under /api:
 * - `GET /whatsapp/stats?days=30`, send_whatsapp → ZMessagingStatsResponse (the spec's field names).
 * - `GET /whatsapp/messages?limit=50&page=&search=&status=&direction=`, send_whatsapp → ZMessagesResponse,
 *   newest first, inbound and outbound together.
 * - `GET /whatsapp/messages/export?search=&status=&direction=&days=`, send_whatsapp → text/csv (audited).
 * - `GET /whatsapp/settings`, send_whatsapp → ZMessagingSettingsResponse; `PUT /whatsapp/settings`
 *   (ZMessagingSettingsUpdate), administrators.
 * Scope: the people of the actor's companies (and themselves); numbers of nobody only for administrators.
 */

export const MESSAGING_STATS_DAYS_DEFAULT = 30;
export const MESSAGING_STATS_DAYS_MAX = 90;
export const MESSAGES_LIMIT_DEFAULT = 50;
export const MESSAGES_LIMIT_MAX = 200;
/** The most rows one export holds. */
export const MESSAGES_EXPORT_MAX_ROWS = 50_000;
/** How many months of billable counts the Settings panel shows (this month and the two before). */
export const MESSAGING_BILLABLE_MONTHS = 3;

/** An inbound message's status; outbound ones carry their delivery's state. */
export const INBOUND_MESSAGE_STATUS = 'received';
export const MESSAGE_STATUSES = ['received', 'queued', 'sent', 'delivered', 'read', 'failed', 'needs_check'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const MESSAGE_DIRECTIONS = ['inbound', 'outbound'] as const;
export type MessageDirection = (typeof MESSAGE_DIRECTIONS)[number];

const blankAsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const days = z.coerce
  .number({ error: 'days must be a whole number from 1 to 90' })
  .int('days must be a whole number from 1 to 90')
  .min(1, 'days must be a whole number from 1 to 90')
  .max(MESSAGING_STATS_DAYS_MAX, 'days must be a whole number from 1 to 90');

export const ZMessagingStatsQuery = z.object({ days: days.default(MESSAGING_STATS_DAYS_DEFAULT) });
export type TMessagingStatsQuery = z.infer<typeof ZMessagingStatsQuery>;

/** The filters the list and the export share. */
const filters = {
  search: queryText(100),
  status: z.preprocess(blankAsAbsent, z.enum(MESSAGE_STATUSES, { error: 'Unknown status' }).optional()),
  direction: z.preprocess(blankAsAbsent, z.enum(MESSAGE_DIRECTIONS, { error: 'Use inbound or outbound' }).optional()),
};

export const ZMessagesQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(MESSAGES_LIMIT_MAX).default(MESSAGES_LIMIT_DEFAULT),
  ...filters,
});
export type TMessagesQuery = z.infer<typeof ZMessagesQuery>;

/** The export: the same filters, over the last `days` days when given (else every message in scope). */
export const ZMessagesExportQuery = z.object({ ...filters, days: z.preprocess(blankAsAbsent, days.optional()) });
export type TMessagesExportQuery = z.infer<typeof ZMessagesExportQuery>;

export const ZMessagingStats = z.object({
  total_messages: z.number().int(),
  sent_messages: z.number().int(),
  received_messages: z.number().int(),
  unique_contacts: z.number().int(),
  failed_messages: z.number().int(),
  /** Percent (one decimal) of inbound messages answered by an outbound message to that number (not failed) within 24 h; 0 when none came in. */
  response_rate: z.number(),
  days: z.number().int(),
});
export type TMessagingStats = z.infer<typeof ZMessagingStats>;
export const ZMessagingStatsResponse = z.object({
  success: z.literal(true),
  data: z.object({ stats: ZMessagingStats }),
});

export const ZMessage = z.object({
  /** `in-<id>` or `out-<id>`: unique across inbound and outbound. */
  id: z.string(),
  from_number: z.string(),
  to_number: z.string(),
  /** The person's full name, else the WhatsApp profile name; null when neither is known. */
  contact_name: z.string().nullable(),
  body: z.string().nullable(),
  created_at: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  direction: z.enum(MESSAGE_DIRECTIONS),
  /** Outbound: payslip | text | template; inbound: Meta's type (text, image, button …). */
  message_type: z.string(),
});
export type TMessage = z.infer<typeof ZMessage>;
export const ZMessagesResponse = z.object({
  success: z.literal(true),
  data: z.array(ZMessage),
  pagination: ZPagination,
});

export const ZBillableCount = z.object({
  /** YYYY-MM (India time). */
  month: z.string(),
  /** Meta's pricing category of the message (utility, authentication, marketing, service …). */
  category: z.string(),
  count: z.number().int(),
});
export type TBillableCount = z.infer<typeof ZBillableCount>;

export const ZMessagingSettings = z.object({
  provider: ZWhatsappProviderName,
  /** The Cloud API's phone number id (cloud only); never a token or secret. */
  phone_number_id: z.string().nullable(),
  /** When the last webhook callback was applied; null when none came. */
  last_webhook_at: z.string().nullable(),
  queue: z.object({
    paused: z.boolean(),
    pause_code: z.number().int().nullable(),
    pause_reason: z.string().nullable(),
    paused_at: z.string().nullable(),
  }),
  /** Whether people's own requests over WhatsApp are answered. */
  self_service: z.boolean(),
  billable: z.array(ZBillableCount),
});
export type TMessagingSettings = z.infer<typeof ZMessagingSettings>;
export const ZMessagingSettingsResponse = z.object({ success: z.literal(true), data: ZMessagingSettings });

export const ZMessagingSettingsUpdate = z.object({
  self_service: z.boolean({ error: 'self_service must be true or false' }),
});
export type TMessagingSettingsUpdate = z.infer<typeof ZMessagingSettingsUpdate>;

/** The export's file name: whatsapp-messages-YYYY-MM-DD.csv (the force's date). */
export const messagesCsvFileName = (date: string): string => `whatsapp-messages-${date}.csv`;
export const MESSAGES_CSV_HEADER = [
  'id',
  'created_at',
  'direction',
  'status',
  'from_number',
  'to_number',
  'contact_name',
  'message_type',
  'body',
] as const;
