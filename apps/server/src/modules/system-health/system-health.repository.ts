import { and, desc, eq, isNull, sql, type AnyColumn } from 'drizzle-orm';
import { HEALTH_SERVICES } from '@srpf/shared';
import type { Database } from '../../db/client.js';
import { healthAlerts, healthProbeResults, healthSamples } from '../../db/schema/index.js';
import type { HostLoad, SampleRow } from './system-health.judge.js';

export type ResultRow = typeof healthProbeResults.$inferSelect;
export type AlertRow = typeof healthAlerts.$inferSelect;

/** The windows of the uptime figures. */
export const UPTIME_WINDOWS = { day: 24 * 3600_000, week: 7 * 24 * 3600_000, month: 30 * 24 * 3600_000 } as const;
export type UptimeWindow = keyof typeof UPTIME_WINDOWS;

export interface WindowCounts {
  /** Results not critical (services) or samples kept (instances). */
  good: number;
  /** Results kept (services) or minutes the instance should have sampled (instances). */
  total: number;
}

/** A moment as a statement's parameter, on either driver. */
const moment = (at: Date) => sql`${at.toISOString()}::timestamptz`;
const since = (now: Date, window: UptimeWindow) => moment(new Date(now.getTime() - UPTIME_WINDOWS[window]));

/** The latest result of each service, as of now: one short backward read of the (service, checked_at) index each. */
export async function latestResults(db: Database, now: Date): Promise<ResultRow[]> {
  const latest = await Promise.all(
    HEALTH_SERVICES.map((service) =>
      db
        .select()
        .from(healthProbeResults)
        .where(and(eq(healthProbeResults.service, service), sql`${healthProbeResults.checked_at} <= ${moment(now)}`))
        .orderBy(desc(healthProbeResults.checked_at))
        .limit(1),
    ),
  );
  return latest.flat();
}

/** The latest sample, as of now, of every instance sampled since `after` that has not stopped cleanly. */
export async function latestSamples(db: Database, after: Date, now: Date): Promise<SampleRow[]> {
  const latest = await db
    .selectDistinctOn([healthSamples.instance])
    .from(healthSamples)
    .where(sql`${healthSamples.sampled_at} > ${moment(after)} and ${healthSamples.sampled_at} <= ${moment(now)}`)
    .orderBy(healthSamples.instance, sql`${healthSamples.sampled_at} desc`);
  // A process that stopped (a deploy, a restart) is gone, not silent: no card, no alert.
  return latest.filter((sample) => sample.stopped_at === null);
}

/** Per service and window: results kept and those not critical. */
export async function serviceUptimeCounts(
  db: Database,
  now: Date,
): Promise<Map<string, Record<UptimeWindow, WindowCounts>>> {
  const windowed = (window: UptimeWindow) => sql`${healthProbeResults.checked_at} > ${since(now, window)}`;
  const notCritical = sql`${healthProbeResults.status} <> 'critical'`;
  const rows = await db
    .select({
      service: healthProbeResults.service,
      dayGood: sql<number>`count(*) filter (where ${windowed('day')} and ${notCritical})`.mapWith(Number),
      dayTotal: sql<number>`count(*) filter (where ${windowed('day')})`.mapWith(Number),
      weekGood: sql<number>`count(*) filter (where ${windowed('week')} and ${notCritical})`.mapWith(Number),
      weekTotal: sql<number>`count(*) filter (where ${windowed('week')})`.mapWith(Number),
      monthGood: sql<number>`count(*) filter (where ${notCritical})`.mapWith(Number),
      monthTotal: sql<number>`count(*)`.mapWith(Number),
    })
    .from(healthProbeResults)
    .where(sql`${windowed('month')} and ${healthProbeResults.checked_at} <= ${moment(now)}`)
    .groupBy(healthProbeResults.service);
  return new Map(
    rows.map((row) => [
      row.service,
      {
        day: { good: row.dayGood, total: row.dayTotal },
        week: { good: row.weekGood, total: row.weekTotal },
        month: { good: row.monthGood, total: row.monthTotal },
      },
    ]),
  );
}

/**
 * Per instance and window: the samples kept, and the minutes from its first sample in the window to
 * now (each minute should have one): a process that stopped sampling loses uptime for the gap.
 */
export async function instanceUptimeCounts(
  db: Database,
  instances: readonly string[],
  now: Date,
): Promise<Map<string, Record<UptimeWindow, WindowCounts>>> {
  if (instances.length === 0) return new Map();
  const windowed = (window: UptimeWindow) => sql`${healthSamples.sampled_at} > ${since(now, window)}`;
  const rows = await db
    .select({
      instance: healthSamples.instance,
      daySamples: sql<number>`count(*) filter (where ${windowed('day')})`.mapWith(Number),
      dayFirst: sql<string | null>`min(${healthSamples.sampled_at}) filter (where ${windowed('day')})`,
      weekSamples: sql<number>`count(*) filter (where ${windowed('week')})`.mapWith(Number),
      weekFirst: sql<string | null>`min(${healthSamples.sampled_at}) filter (where ${windowed('week')})`,
      monthSamples: sql<number>`count(*)`.mapWith(Number),
      monthFirst: sql<string | null>`min(${healthSamples.sampled_at})`,
    })
    .from(healthSamples)
    .where(
      sql`${windowed('month')} and ${healthSamples.sampled_at} <= ${moment(now)} and ${healthSamples.instance} in (${sql.join(
        instances.map((instance) => sql`${instance}`),
        sql`, `,
      )})`,
    )
    .groupBy(healthSamples.instance);
  const minutes = (first: string | null) =>
    first === null ? 0 : Math.floor((now.getTime() - new Date(first).getTime()) / 60_000) + 1;
  return new Map(
    rows.map((row) => [
      row.instance,
      {
        day: { good: row.daySamples, total: minutes(row.dayFirst) },
        week: { good: row.weekSamples, total: minutes(row.weekFirst) },
        month: { good: row.monthSamples, total: minutes(row.monthFirst) },
      },
    ]),
  );
}

/**
 * The last alerts: open ones first, then by start, newest first. Two short reads (the open ones by
 * their partial index, the latest by start), never a sort of the whole table.
 */
export async function recentAlerts(db: Database, limit: number): Promise<AlertRow[]> {
  const [open, latest] = await Promise.all([
    db
      .select()
      .from(healthAlerts)
      .where(isNull(healthAlerts.cleared_at))
      .orderBy(desc(healthAlerts.started_at), desc(healthAlerts.id))
      .limit(limit),
    db.select().from(healthAlerts).orderBy(desc(healthAlerts.started_at), desc(healthAlerts.id)).limit(limit),
  ]);
  const cleared = latest.filter((alert) => alert.cleared_at !== null);
  return [...open, ...cleared].slice(0, limit);
}

/**
 * Each host's resources averaged over its samples since `after`: a resource alert follows a lasting
 * load, not one busy minute (a 2-core host near 72 % CPU would otherwise open and clear one a minute).
 */
export async function recentHostLoad(db: Database, after: Date, now: Date): Promise<Map<string, HostLoad>> {
  const average = (column: AnyColumn) => sql<number | null>`avg(${column})`.mapWith(Number);
  const rows = await db
    .select({
      host: healthSamples.host,
      cpu: average(healthSamples.cpu_percent),
      memory: average(healthSamples.memory_percent),
      disk: average(healthSamples.disk_percent),
      network: average(healthSamples.network_percent),
    })
    .from(healthSamples)
    .where(sql`${healthSamples.sampled_at} > ${moment(after)} and ${healthSamples.sampled_at} <= ${moment(now)}`)
    .groupBy(healthSamples.host);
  // avg() of no values is null; mapWith(Number) would make it 0.
  const known = (value: number | null) => (value === null || Number.isNaN(value) ? null : value);
  return new Map(
    rows.map((row) => [
      row.host,
      { cpu: known(row.cpu), memory: known(row.memory), disk: known(row.disk), network: known(row.network) },
    ]),
  );
}
