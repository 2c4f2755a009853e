import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { HEALTH_THRESHOLDS } from '../system-health.thresholds.js';
import { elapsedMs, figure, type ProbeResult } from './probe.js';
import { rowsOf } from './rows.js';

const { roundTripWarningMs, roundTripCriticalMs, connectionsWarningPercent } = HEALTH_THRESHOLDS.database;
/** A database that does not answer within this is unreachable (a blackholed host would hold the probe for minutes). */
export const DATABASE_PROBE_TIMEOUT_MS = 5_000;

function withinTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the database did not answer in time')), DATABASE_PROBE_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The database: a round trip, its size, and its connections in use of the maximum. Unreachable is critical. */
export async function probeDatabase(db: Database): Promise<ProbeResult> {
  const started = performance.now();
  let roundTrip: number;
  try {
    await withinTimeout(db.execute(sql`select 1`));
    roundTrip = elapsedMs(started);
  } catch {
    return {
      status: 'critical',
      reason: { code: 'database_unreachable' },
      responseTimeMs: elapsedMs(started),
      figures: [figure('round_trip_ms', null, 'ms')],
    };
  }
  const [row] = await rowsOf<{ size: string | number; connections: string | number; max: string | number }>(
    db,
    sql`select pg_database_size(current_database()) as size,
               (select count(*) from pg_stat_activity where datname = current_database()) as connections,
               current_setting('max_connections')::int as max`,
  ).catch(() => []);
  const connections = row ? Number(row.connections) : null;
  const max = row ? Number(row.max) : null;
  const figures = [
    figure('round_trip_ms', roundTrip, 'ms'),
    figure('size_bytes', row ? Number(row.size) : null, 'bytes'),
    max ? figure('connections', connections, 'count', max) : figure('connections', connections, 'count'),
  ];
  if (roundTrip >= roundTripCriticalMs)
    return {
      status: 'critical',
      reason: { code: 'database_slow', params: { ms: roundTrip } },
      responseTimeMs: roundTrip,
      figures,
    };
  if (roundTrip >= roundTripWarningMs)
    return {
      status: 'warning',
      reason: { code: 'database_slow', params: { ms: roundTrip } },
      responseTimeMs: roundTrip,
      figures,
    };
  if (connections !== null && max && (100 * connections) / max >= connectionsWarningPercent)
    return {
      status: 'warning',
      reason: { code: 'database_connections_high', params: { connections, max } },
      responseTimeMs: roundTrip,
      figures,
    };
  return { status: 'healthy', reason: null, responseTimeMs: roundTrip, figures };
}
