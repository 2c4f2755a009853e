import { z } from 'zod';
import { pageQuery, ZPagination } from '../common/pagination.js';

/**
 * Broadcast campaigns (issue 31; spec document 2, sections 2.15, 3 "Messaging" and 7): an approved
 * template with its parameters, sent to the people of one company (or of every company) who agreed to
 * notices (`users.whatsapp_notices_enabled`) and whose number is verified. send_whatsapp; a campaign
 * of a company outside the actor's scope is 404; one of every company is for administrators only.
 *
 * Paths (all under /api):
 * - `GET /whatsapp/templates` → ZWhatsappTemplatesResponse: the approved templates, each with its languages.
 * - `GET /whatsapp/campaigns?limit=10&page=` → ZCampaignListResponse, newest first.
 * - `POST /whatsapp/campaigns` (ZCampaignRequest) → 201 ZCampaignResponse: a draft.
 * - `GET|PUT|DELETE /whatsapp/campaigns/{id}`: read; change (draft or scheduled only, else 409); delete (drafts only, else 409).
 * - `GET /whatsapp/campaigns/{id}/audience` → ZCampaignAudienceResponse: how many people it would go to now.
 * - `POST /whatsapp/campaigns/{id}/send` (no body) → ZCampaignSendResponse; 409 once sent, or with nobody to send to.
 * - `POST /whatsapp/campaigns/{id}/schedule` (ZCampaignScheduleRequest) → ZCampaignResponse; `POST …/cancel`: back to draft.
 */

/** draft → scheduled ⇄ draft; draft | scheduled → sent (`sending` and `cancelled` are reserved: never set by this part). */
export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
/** Statuses in which a campaign may still be changed, sent or scheduled. */
export const CAMPAIGN_OPEN_STATUSES: readonly CampaignStatus[] = ['draft', 'scheduled'];
/** The spec's colouring: an active campaign (scheduled or going out) is `success`, any other `warning`. */
export const isActiveCampaign = (status: string): boolean => status === 'scheduled' || status === 'sending';

export const CAMPAIGN_NAME_MIN = 2;
export const CAMPAIGN_NAME_MAX = 120;
export const CAMPAIGN_PARAMETER_MAX = 500;
/** A campaign is scheduled at most this many days ahead. */
export const CAMPAIGN_SCHEDULE_MAX_DAYS = 90;
export const CAMPAIGN_LANGUAGES = ['en', 'mr', 'hi'] as const;
export type CampaignLanguage = (typeof CAMPAIGN_LANGUAGES)[number];

/** How many positional parameters ({{1}}, {{2}} …) a template's body has: the highest number used. */
export function templateParameterCount(body: string): number {
  let highest = 0;
  for (const match of body.matchAll(/\{\{\s*(\d+)\s*\}\}/g)) highest = Math.max(highest, Number(match[1]));
  return highest;
}

/** The body as people read it: each {{n}} replaced by the n-th parameter (left as is when missing). */
export function fillTemplate(body: string, parameters: readonly string[]): string {
  return body.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, index: string) => parameters[Number(index) - 1] ?? whole);
}

/** One approved template, with the languages it was approved in. */
export const ZWhatsappTemplate = z.object({
  name: z.string(),
  /** Meta's category in lower case: utility | marketing | authentication. */
  category: z.string(),
  languages: z.array(z.enum(CAMPAIGN_LANGUAGES)),
  /** The body text of each language it has (English shown when present). */
  bodies: z.record(z.string(), z.string()),
  /** The English body, else the first language's. */
  body: z.string(),
  parameter_count: z.number().int(),
});
export type TWhatsappTemplate = z.infer<typeof ZWhatsappTemplate>;
export const ZWhatsappTemplates = z.object({
  templates: z.array(ZWhatsappTemplate),
  provider: z.enum(['cloud', 'outbox']),
  /** Why the list is empty when it cannot be read: `no_business_account` (cloud without WHATSAPP_BUSINESS_ACCOUNT_ID). */
  unavailable: z.enum(['no_business_account']).nullable(),
});
export type TWhatsappTemplates = z.infer<typeof ZWhatsappTemplates>;
export const ZWhatsappTemplatesResponse = z.object({ success: z.literal(true), data: ZWhatsappTemplates });

export const ZCampaign = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The template's English (or first) body with the parameters filled in. */
  message: z.string(),
  category: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  template_name: z.string(),
  parameters: z.array(z.string()),
  /** Null: the people of every company. */
  company_id: z.number().int().nullable(),
  company_name: z.string().nullable(),
  scheduled_at: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** People it was queued to when sent (0 before). */
  recipients: z.number().int(),
  /** Of its deliveries: still queued (waiting for the limits), accepted by WhatsApp (sent, delivered or read), delivered (or read), failed. */
  queued: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
});
export type TCampaign = z.infer<typeof ZCampaign>;

export const ZCampaignListQuery = pageQuery(100, 10);
export type TCampaignListQuery = z.infer<typeof ZCampaignListQuery>;
export const ZCampaignListResponse = z.object({
  success: z.literal(true),
  data: z.array(ZCampaign),
  pagination: ZPagination,
});
export const ZCampaignResponse = z.object({ success: z.literal(true), data: z.object({ campaign: ZCampaign }) });
export const ZCampaignIdParams = z.object({
  id: z.coerce.number().int().positive('id must be a positive integer').max(2_147_483_647, 'id is too large'),
});

const text = (what: string) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .min(1, `${what} is required`)
    .max(CAMPAIGN_PARAMETER_MAX, `${what} is at most ${CAMPAIGN_PARAMETER_MAX} characters`);

/** POST and PUT /whatsapp/campaigns: the whole draft (the parameters' count is checked against the template by the server). */
export const ZCampaignRequest = z.strictObject({
  name: z
    .string({ error: 'name must be text' })
    .trim()
    .min(CAMPAIGN_NAME_MIN, `name is at least ${CAMPAIGN_NAME_MIN} characters`)
    .max(CAMPAIGN_NAME_MAX, `name is at most ${CAMPAIGN_NAME_MAX} characters`),
  template_name: z
    .string({ error: 'template_name must be text' })
    .trim()
    .min(1, 'Choose a template')
    .max(512, 'template_name is too long'),
  parameters: z.array(text('Each parameter')).max(20, 'At most 20 parameters').default([]),
  /** Null: every company (administrators only). */
  company_id: z.number().int().positive().max(2_147_483_647).nullable(),
});
export type TCampaignRequest = z.infer<typeof ZCampaignRequest>;

export const ZCampaignScheduleRequest = z.strictObject({
  /** ISO 8601 with an offset; in the future, at most CAMPAIGN_SCHEDULE_MAX_DAYS ahead. */
  scheduled_at: z.iso.datetime({ offset: true, error: 'scheduled_at must be a date and time (ISO 8601)' }),
});
export type TCampaignScheduleRequest = z.infer<typeof ZCampaignScheduleRequest>;

export const ZCampaignAudience = z.object({
  /** People who would get it now: live, active, agreed to notices, verified number, of its company (or every company). */
  count: z.number().int(),
  /** Of those, how many would wait for the daily messaging limit (an estimate at this moment). */
  waiting_for_daily_limit: z.number().int(),
});
export const ZCampaignAudienceResponse = z.object({ success: z.literal(true), data: ZCampaignAudience });

export const ZCampaignSendResult = z.object({
  campaign: ZCampaign,
  /** Messages queued (one per person). */
  queued: z.number().int(),
  /** Of those, how many wait for the daily messaging limit (WHATSAPP_DAILY_RECIPIENTS): they go as places free up. */
  waiting_for_daily_limit: z.number().int(),
  provider: z.enum(['cloud', 'outbox']),
});
export type TCampaignSendResult = z.infer<typeof ZCampaignSendResult>;
export const ZCampaignSendResponse = z.object({ success: z.literal(true), data: ZCampaignSendResult });
