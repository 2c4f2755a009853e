import { sql, type SQL } from 'drizzle-orm';
import {
  escapeLike,
  INBOUND_MESSAGE_STATUS,
  type MessageDirection,
  type MessageStatus,
  type RecordScope,
  type TBillableCount,
  type TMessage,
  type TMessagingStats,
} from '@srpf/shared';
import type { Executor } from '../../db/client.js';
import { usersInScope } from '../../db/record-scope.js';
import {
  payslips,
  users,
  whatsappDeliveries,
  whatsappInboundMessages,
  whatsappWebhookEvents,
} from '../../db/schema/index.js';

/**
 * The messaging overview's reads (issue 31): every outbound delivery (slips, texts, templates, codes)
 * and every inbound message as one list, and the figures over both. Whose messages: `scope` over the
 * message's person (users joined by user_id); a message of nobody (user_id null) only when
 * `unmatched` (administrators). Everything here is parameterised SQL.
 */
export interface MessagesReach {
  scope: RecordScope;
  /** Messages of numbers that belong to nobody. */
  unmatched: boolean;
}

export interface MessageFilters {
  search?: string;
  status?: MessageStatus;
  direction?: MessageDirection;
  /** Only messages of the last `since` moment on. */
  since?: Date;
  /** Only messages up to this moment (an export's start: rows arriving while it streams stay out). */
  until?: Date;
}

/** What the list shows of a verification code: never its digits. */
const VERIFICATION_BODY = 'Verification code';

/** The person condition of a message's row: in scope, or (for administrators) nobody's. */
function reachOf(reach: MessagesReach, personColumn: SQL): SQL {
  const inScope = usersInScope(reach.scope);
  if (reach.scope === 'all') return reach.unmatched ? sql`true` : sql`${personColumn} is not null`;
  const scoped = sql`(${personColumn} is not null and ${inScope})`;
  return reach.unmatched ? sql`(${personColumn} is null or ${scoped})` : scoped;
}

/**
 * Who wrote a message, as the lists and figures name them: the number; for a message WhatsApp gave
 * only the BSUID of, the identified person's WhatsApp number (their conversation), else the BSUID.
 * Needs the inbound message's person joined as users.
 */
const inboundSender = sql`coalesce(${whatsappInboundMessages.from_number},
  case when ${users.phone_number} ~ '^[0-9]{10}$' then '91' || ${users.phone_number} end,
  ${whatsappInboundMessages.from_bsuid})`;

/** Both directions as one row shape (the spec's Message), before filters. */
function messagesSource(reach: MessagesReach, businessNumber: string): SQL {
  const d = whatsappDeliveries;
  const i = whatsappInboundMessages;
  const fullName = sql`nullif(concat_ws(' ', ${users.first_name}, ${users.middle_name}, ${users.last_name}), '')`;
  return sql`(
    select 'out-' || ${d.id} as id, ${d.id} as seq, 'outbound' as direction, ${businessNumber}::text as from_number,
      ${d.to_number} as to_number, coalesce(${fullName}, replied.contact_name) as contact_name,
      case when ${d.origin} = 'verification' then ${VERIFICATION_BODY}
           when ${d.kind} = 'payslip' then 'Salary slip ' || coalesce(${payslips.salary_month}, '')
           else ${d.body} end as body,
      ${d.created_at} as created_at, ${d.state} as status, ${d.kind} as message_type
    from ${d}
    left join ${users} on ${users.id} = ${d.user_id}
    left join ${payslips} on ${payslips.id} = ${d.payslip_id}
    left join ${i} as replied on replied.id = ${d.reply_to_inbound_id}
    where ${reachOf(reach, sql`${d.user_id}`)}
    union all
    select 'in-' || ${i.id}, ${i.id}, 'inbound', ${inboundSender}, ${businessNumber}::text,
      coalesce(${fullName}, ${i.contact_name}), ${i.body}, ${i.sent_at}, ${INBOUND_MESSAGE_STATUS}, ${i.type}
    from ${i}
    left join ${users} on ${users.id} = ${i.user_id}
    where ${reachOf(reach, sql`${i.user_id}`)}
  ) as messages`;
}

function filtersOf(filters: MessageFilters): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filters.direction) conditions.push(sql`direction = ${filters.direction}`);
  if (filters.status) conditions.push(sql`status = ${filters.status}`);
  if (filters.since) conditions.push(sql`created_at >= ${filters.since.toISOString()}::timestamptz`);
  if (filters.until) conditions.push(sql`created_at <= ${filters.until.toISOString()}::timestamptz`);
  if (filters.search) {
    const pattern = `%${escapeLike(filters.search)}%`;
    conditions.push(
      sql`(contact_name ilike ${pattern} or from_number ilike ${pattern} or to_number ilike ${pattern} or body ilike ${pattern})`,
    );
  }
  return sql.join(conditions, sql` and `);
}

interface MessageRow {
  id: string;
  direction: MessageDirection;
  from_number: string;
  to_number: string;
  contact_name: string | null;
  body: string | null;
  created_at: Date | string;
  status: MessageStatus;
  message_type: string;
}

const toMessage = (row: MessageRow): TMessage => ({
  id: row.id,
  from_number: row.from_number,
  to_number: row.to_number,
  contact_name: row.contact_name,
  body: row.body,
  created_at: new Date(row.created_at).toISOString(),
  status: row.status,
  direction: row.direction,
  message_type: row.message_type,
});

/** A page of messages, newest first (ties: inbound after outbound of the same moment, then by id). */
export async function listMessages(
  executor: Executor,
  reach: MessagesReach,
  businessNumber: string,
  filters: MessageFilters,
  page: { limit: number; offset: number },
): Promise<TMessage[]> {
  const result = await executor.execute(sql`
    select id, direction, from_number, to_number, contact_name, body, created_at, status, message_type
    from ${messagesSource(reach, businessNumber)}
    where ${filtersOf(filters)}
    order by created_at desc, direction desc, seq desc
    limit ${page.limit} offset ${page.offset}`);
  return (result as { rows: MessageRow[] }).rows.map(toMessage);
}

export async function countMessages(
  executor: Executor,
  reach: MessagesReach,
  businessNumber: string,
  filters: MessageFilters,
): Promise<number> {
  const result = await executor.execute(sql`
    select count(*)::int as total from ${messagesSource(reach, businessNumber)} where ${filtersOf(filters)}`);
  return Number((result as { rows: { total: number }[] }).rows[0]?.total ?? 0);
}

/**
 * The figures of the window [since, now]: outbound = deliveries created in it (sent: sent, delivered
 * or read; failed: failed); received = inbound messages sent in it; contacts = distinct numbers of
 * both; response rate = the share of those inbound messages followed within 24 h by an outbound
 * message to the same number that did not fail (as a percent, one decimal; 0 when none came in).
 */
export async function messagingStats(
  executor: Executor,
  reach: MessagesReach,
  since: Date,
  days: number,
): Promise<TMessagingStats> {
  const d = whatsappDeliveries;
  const i = whatsappInboundMessages;
  const from = since.toISOString();
  const result = await executor.execute(sql`
    with outbound as (
      select ${d.to_number} as number, ${d.state} as state from ${d}
      left join ${users} on ${users.id} = ${d.user_id}
      where ${d.created_at} >= ${from}::timestamptz and ${reachOf(reach, sql`${d.user_id}`)}
    ), inbound as (
      select ${inboundSender} as number, ${i.sent_at} as sent_at from ${i}
      left join ${users} on ${users.id} = ${i.user_id}
      where ${i.sent_at} >= ${from}::timestamptz and ${reachOf(reach, sql`${i.user_id}`)}
    )
    select
      (select count(*) from outbound)::int as outbound,
      (select count(*) from outbound where state in ('sent', 'delivered', 'read'))::int as sent,
      (select count(*) from outbound where state = 'failed')::int as failed,
      (select count(*) from inbound)::int as received,
      (select count(*) from (select number from outbound union select number from inbound) as numbers)::int as contacts,
      (select count(*) from inbound where exists (
        select 1 from ${d} as reply
        where reply.to_number = inbound.number
          and reply.state <> 'failed'
          and reply.created_at >= inbound.sent_at
          and reply.created_at < inbound.sent_at + interval '24 hours'))::int as answered`);
  const row = (
    result as {
      rows: { outbound: number; sent: number; failed: number; received: number; contacts: number; answered: number }[];
    }
  ).rows[0]!;
  const received = Number(row.received);
  return {
    total_messages: Number(row.outbound) + received,
    sent_messages: Number(row.sent),
    received_messages: received,
    unique_contacts: Number(row.contacts),
    failed_messages: Number(row.failed),
    response_rate: received === 0 ? 0 : Math.round((Number(row.answered) / received) * 1000) / 10,
    days,
  };
}

/** Billable messages by month (India time) and Meta's pricing category, from `since` on: the account's bill. */
export async function billableCounts(executor: Executor, since: Date): Promise<TBillableCount[]> {
  const d = whatsappDeliveries;
  const result = await executor.execute(sql`
    select to_char(${d.created_at} at time zone 'Asia/Kolkata', 'YYYY-MM') as month, ${d.pricing_category} as category,
      count(*)::int as count
    from ${d}
    where ${d.pricing_category} is not null and ${d.created_at} >= ${since.toISOString()}::timestamptz
    group by 1, 2
    order by 1 desc, 2`);
  return (result as { rows: TBillableCount[] }).rows.map((row) => ({ ...row, count: Number(row.count) }));
}

/** When the webhook last applied a callback (a status or a message). */
export async function lastWebhookAt(executor: Executor): Promise<string | null> {
  const result = await executor.execute(
    sql`select max(${whatsappWebhookEvents.received_at}) as at from ${whatsappWebhookEvents}`,
  );
  const at = (result as { rows: { at: Date | string | null }[] }).rows[0]?.at;
  return at ? new Date(at).toISOString() : null;
}
