import { lt, sql } from 'drizzle-orm';
import { WHATSAPP_PAIR_GAP_MS } from '@srpf/shared';
import type { Executor } from '../../db/client.js';
import { whatsappSends } from '../../db/schema/index.js';

/**
 * The Cloud API's limits, held in PostgreSQL so that every worker process shares them (issue 30):
 * - at most `messagesPerSecond` messages in any sliding 1,000 ms window per phone number id;
 * - at least WHATSAPP_PAIR_GAP_MS between two messages to one person (the pair rate limit, 131056);
 * - templates to at most `dailyRecipients` unique people in any moving 24 hours (the portfolio's
 *   messaging limit); a person already sent a template within those 24 hours does not count again.
 * A reservation reads the recent sends and records its own under a transaction-scoped advisory lock
 * of the phone number id, so two workers never both take the last slot; the row commits (or not)
 * with the caller's transaction, which also records the attempt.
 */

export type LimitReason = 'rate' | 'pair' | 'daily_limit';

export type Reservation = { ok: true } | { ok: false; retryAt: Date; reason: LimitReason };

export interface LimitSettings {
  messagesPerSecond: number;
  dailyRecipients: number;
}

export interface SendRequest {
  phoneNumberId: string;
  to: string;
  /** A template (counts towards the daily limit); false: a free-form message inside the person's window. */
  template: boolean;
  /** The moment of the send; a function is read once the lock is held, so the slot is stamped when it is really taken. */
  now: Date | (() => Date);
  /** false: skip the pair gap (a template sent at once after WhatsApp refused the free-form message to the same person). */
  pairGap?: boolean;
  /** Whose share of the daily limit the template draws on (dailyCapOf); default `slip`. */
  share?: DailyShare;
}

/**
 * The daily limit is shared in order of need: a sign-in code (the person is waiting for it, and it
 * lapses in 15 minutes) may take every place; a salary slip and any other template all but the codes'
 * few (2 % of the limit, at least one); a broadcast campaign at most 80 %, so a notice to the whole
 * force never holds the month's slips or anyone's code back for a day.
 */
export type DailyShare = 'code' | 'slip' | 'campaign';

export function dailyCapOf(share: DailyShare, dailyRecipients: number): number {
  if (share === 'code') return dailyRecipients;
  if (share === 'campaign') return Math.max(1, Math.floor(dailyRecipients * 0.8));
  return Math.max(1, dailyRecipients - Math.max(1, Math.ceil(dailyRecipients * 0.02)));
}

const WINDOW_MS = 1_000;
const DAY_MS = 24 * 3600 * 1000;
/** Sends older than this are no longer read by any limit: pruned. */
const KEEP_MS = 25 * 3600 * 1000;

const at = (value: unknown): Date | null => (value === null || value === undefined ? null : new Date(value as string));

async function firstRow<T>(executor: Executor, query: ReturnType<typeof sql>): Promise<T | undefined> {
  const result: unknown = await executor.execute(query);
  return (result as { rows: T[] }).rows[0];
}

/** Takes a slot for one message now, or answers the earliest moment to try again and which limit held it back. */
export async function reserveSend(tx: Executor, limits: LimitSettings, request: SendRequest): Promise<Reservation> {
  const { phoneNumberId, to, template } = request;
  const dailyCap = dailyCapOf(request.share ?? 'slip', limits.dailyRecipients);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`whatsapp_sends:${phoneNumberId}`}))`);
  const now = typeof request.now === 'function' ? request.now() : request.now;
  const nowIso = now.toISOString();
  // One statement reads what every limit needs and, when none holds the message back, records its
  // send (the lock is held, so nothing changes between its parts; one round trip less under the lock):
  // - the sliding window: the messagesPerSecond-th newest send inside the last second frees its slot
  //   1,000 ms after it;
  // - the pair gap: the person's latest message within WHATSAPP_PAIR_GAP_MS;
  // - the daily limit (templates only): nothing when the person already had a template within 24 hours
  //   (found by the recipient index); otherwise the people counted, read only up to the limit, since
  //   below it nobody waits. Each subquery runs only when its CASE needs it.
  const row = await firstRow<{
    window_full: string | null;
    pair_last: string | null;
    people: number | string | null;
    taken: number | string;
  }>(
    tx,
    sql`with state as (
          select
            (select sent_at from ${whatsappSends}
              where phone_number_id = ${phoneNumberId} and sent_at > ${nowIso}::timestamptz - interval '1000 milliseconds'
              order by sent_at desc offset ${limits.messagesPerSecond - 1} limit 1) as window_full,
            case when ${request.pairGap !== false} then
              (select max(sent_at) from ${whatsappSends}
                where to_number = ${to} and sent_at > ${nowIso}::timestamptz - (${WHATSAPP_PAIR_GAP_MS} * interval '1 millisecond'))
            end as pair_last,
            case when ${template} and not exists(select 1 from ${whatsappSends}
                where to_number = ${to} and template and sent_at > ${nowIso}::timestamptz - interval '24 hours') then
              (select count(*) from (select distinct to_number from ${whatsappSends}
                where template and sent_at > ${nowIso}::timestamptz - interval '24 hours'
                limit ${limits.dailyRecipients}) as recent)
            end as people
        ),
        taken as (
          insert into ${whatsappSends} (phone_number_id, to_number, template, sent_at)
          select ${phoneNumberId}, ${to}, ${template}, ${nowIso}::timestamptz from state
           where window_full is null and pair_last is null and (people is null or people < ${dailyCap})
          returning id
        )
        select state.*, (select count(*) from taken) as taken from state`,
  );
  if (Number(row?.taken) === 1) return { ok: true };

  const holds: { retryAt: Date; reason: LimitReason }[] = [];
  const windowFull = at(row?.window_full);
  if (windowFull) holds.push({ retryAt: new Date(windowFull.getTime() + WINDOW_MS), reason: 'rate' });
  const pairLast = at(row?.pair_last);
  if (pairLast) holds.push({ retryAt: new Date(pairLast.getTime() + WHATSAPP_PAIR_GAP_MS), reason: 'pair' });
  if (row?.people !== null && row?.people !== undefined && Number(row.people) >= dailyCap) {
    // Each person counts while their latest template is younger than 24 hours; the one whose latest is
    // oldest frees the next place (below a share's cap, a place at least: asked again then).
    const oldestRow = await firstRow<{ oldest: string | null }>(
      tx,
      sql`select min(last) as oldest from (
            select max(sent_at) as last from ${whatsappSends}
            where template and sent_at > ${nowIso}::timestamptz - interval '24 hours'
            group by to_number) as recent`,
    );
    const oldest = at(oldestRow?.oldest);
    if (oldest) holds.push({ retryAt: new Date(oldest.getTime() + DAY_MS), reason: 'daily_limit' });
  }
  // The latest of the moments: the limit holding longest decides when to come back.
  // (None found would be a slot refused for no reason: come back after the window, never at once.)
  if (holds.length === 0) holds.push({ retryAt: new Date(now.getTime() + WINDOW_MS), reason: 'rate' });
  const latest = holds.reduce((a, b) => (b.retryAt > a.retryAt ? b : a));
  return { ok: false, ...latest };
}

/** Removes sends no limit reads any more (older than 25 hours); the minute's sweep calls it. Answers how many. */
export async function pruneSends(executor: Executor, now: Date): Promise<number> {
  const removed = await executor
    .delete(whatsappSends)
    .where(lt(whatsappSends.sent_at, new Date(now.getTime() - KEEP_MS)))
    .returning({ id: whatsappSends.id });
  return removed.length;
}
