import { and, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { CompanyScope, TCampaign } from '@srpf/shared';
import type { Executor } from '../../db/client.js';
import { companies, users, whatsappCampaigns, whatsappDeliveries, whatsappSends } from '../../db/schema/index.js';
import { dailyCapOf } from './whatsapp.limits.js';

/** Broadcast campaigns' rows (issue 31): the list with its delivery counts, one campaign, and its audience. */

export type CampaignRow = typeof whatsappCampaigns.$inferSelect;

/** The campaigns a company scope reaches, in SQL: all, or those of its companies (never those of every company). */
export function campaignsInScope(scope: CompanyScope): SQL | undefined {
  if (scope === 'all') return undefined;
  return scope.length > 0 ? inArray(whatsappCampaigns.company_id, [...scope]) : sql`false`;
}

const creator = sql<string | null>`nullif(trim(concat_ws(' ', ${users.first_name}, ${users.last_name})), '')`;

/** One campaign's deliveries counted by state (the campaign index keeps it to its own rows). */
const counts = sql<{ queued: number; sent: number; delivered: number; failed: number }>`(
  select json_build_object(
    'queued', count(*) filter (where d.state = 'queued'),
    'sent', count(*) filter (where d.state in ('sent', 'delivered', 'read')),
    'delivered', count(*) filter (where d.state in ('delivered', 'read')),
    'failed', count(*) filter (where d.state = 'failed'))
  from ${whatsappDeliveries} d where d.campaign_id = ${whatsappCampaigns.id})`;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const number = (value: unknown) => Number(value ?? 0);

function selectCampaigns(executor: Executor) {
  return executor
    .select({ campaign: whatsappCampaigns, company_name: companies.name, created_by_name: creator, counts })
    .from(whatsappCampaigns)
    .leftJoin(companies, eq(companies.id, whatsappCampaigns.company_id))
    .leftJoin(users, eq(users.id, whatsappCampaigns.created_by));
}

type SelectedCampaign = Awaited<ReturnType<ReturnType<typeof selectCampaigns>['execute']>>[number];

function toCampaign(row: SelectedCampaign): TCampaign {
  const { campaign } = row;
  const tally = (typeof row.counts === 'string' ? JSON.parse(row.counts) : row.counts) as Record<string, unknown>;
  return {
    id: campaign.id,
    name: campaign.name,
    message: campaign.message ?? '',
    category: campaign.category,
    status: campaign.status as TCampaign['status'],
    template_name: campaign.template_name,
    parameters: campaign.parameters,
    company_id: campaign.company_id,
    company_name: row.company_name,
    scheduled_at: iso(campaign.scheduled_at),
    started_at: iso(campaign.started_at),
    finished_at: iso(campaign.finished_at),
    recipients: campaign.recipients,
    queued: number(tally.queued),
    sent: number(tally.sent),
    delivered: number(tally.delivered),
    failed: number(tally.failed),
    created_at: iso(campaign.created_at)!,
    created_by_name: row.created_by_name,
  };
}

export async function listCampaigns(executor: Executor, scope: CompanyScope, page: number, limit: number) {
  const where = campaignsInScope(scope);
  const [rows, [total]] = await Promise.all([
    selectCampaigns(executor)
      .where(where)
      .orderBy(desc(whatsappCampaigns.created_at), desc(whatsappCampaigns.id))
      .limit(limit)
      .offset((page - 1) * limit),
    executor.select({ value: count() }).from(whatsappCampaigns).where(where),
  ]);
  return { campaigns: rows.map(toCampaign), total: total?.value ?? 0 };
}

/** The campaign as the API shows it, when inside the scope. */
export async function readCampaign(executor: Executor, id: number, scope: CompanyScope) {
  const [row] = await selectCampaigns(executor).where(and(eq(whatsappCampaigns.id, id), campaignsInScope(scope)));
  return row ? toCampaign(row) : undefined;
}

/** The campaign's row, locked for the rest of the transaction, when inside the scope. */
export async function lockCampaign(executor: Executor, id: number, scope: CompanyScope) {
  const [row] = await executor
    .select()
    .from(whatsappCampaigns)
    .where(and(eq(whatsappCampaigns.id, id), campaignsInScope(scope)))
    .for('update');
  return row;
}

export async function insertCampaign(executor: Executor, values: typeof whatsappCampaigns.$inferInsert) {
  const [row] = await executor.insert(whatsappCampaigns).values(values).returning();
  return row!;
}

export async function updateCampaign(
  executor: Executor,
  id: number,
  changes: Partial<typeof whatsappCampaigns.$inferInsert>,
) {
  await executor.update(whatsappCampaigns).set(changes).where(eq(whatsappCampaigns.id, id));
}

export async function deleteCampaign(executor: Executor, id: number) {
  await executor.delete(whatsappCampaigns).where(eq(whatsappCampaigns.id, id));
}

/**
 * Who a campaign goes to: live, active people who agreed to notices, with a verified number, of the
 * company (or of every company when null). Consent to slips alone (`whatsapp_enabled`) is not enough.
 */
function audienceOf(companyId: number | null): SQL {
  return and(
    isNull(users.deleted_at),
    eq(users.is_active, true),
    eq(users.whatsapp_notices_enabled, true),
    isNotNull(users.phone_verified_at),
    isNotNull(users.phone_number),
    sql`${users.phone_number} <> ''`,
    companyId === null ? undefined : eq(users.company_id, companyId),
  )!;
}

export async function audienceCount(executor: Executor, companyId: number | null): Promise<number> {
  const [row] = await executor.select({ value: count() }).from(users).where(audienceOf(companyId));
  return row?.value ?? 0;
}

export function audienceOfCampaign(executor: Executor, companyId: number | null) {
  return executor
    .select({ id: users.id, phone_number: users.phone_number, whatsapp_language: users.whatsapp_language })
    .from(users)
    .where(audienceOf(companyId))
    .orderBy(users.id);
}

/**
 * Places the daily messaging limit has left now for a campaign: the campaigns' share of the limit
 * (dailyCapOf), less the people sent a template within 24 hours, less the other people already queued
 * ahead (an estimate: the send job decides each message).
 */
export async function dailyPlacesLeft(executor: Executor, dailyRecipients: number, now: Date, campaignId: number) {
  const cap = dailyCapOf('campaign', dailyRecipients);
  const since = new Date(now.getTime() - 24 * 3600 * 1000);
  const [recent] = await executor
    .select({ value: sql<number>`count(distinct ${whatsappSends.to_number})` })
    .from(whatsappSends)
    .where(and(eq(whatsappSends.template, true), sql`${whatsappSends.sent_at} > ${since.toISOString()}::timestamptz`));
  const [ahead] = await executor
    .select({ value: sql<number>`count(distinct ${whatsappDeliveries.to_number})` })
    .from(whatsappDeliveries)
    .where(
      and(
        eq(whatsappDeliveries.state, 'queued'),
        sql`${whatsappDeliveries.campaign_id} is distinct from ${campaignId}`,
      ),
    );
  return Math.max(0, cap - Number(recent?.value ?? 0) - Number(ahead?.value ?? 0));
}

export async function companyExists(executor: Executor, companyId: number): Promise<boolean> {
  const [row] = await executor.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  return row !== undefined;
}

/** Whether the campaign's company still exists and is active (a campaign of every company: yes). */
export async function campaignCompanyActive(executor: Executor, companyId: number | null): Promise<boolean> {
  if (companyId === null) return true;
  const [row] = await executor
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.active, true)));
  return row !== undefined;
}
