import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { HEALTH_THRESHOLDS } from '../system-health.thresholds.js';
import { elapsedMs, figure, type ProbeResult } from './probe.js';
import { rowsOf } from './rows.js';

const { oldestWaitingWarningSeconds, oldestWaitingCriticalSeconds, failedLastHourWarning, failedLastHourCritical } =
  HEALTH_THRESHOLDS.queue;

/** The job queue (pg-boss): jobs due and waiting, the oldest of them, and the jobs that failed in the last hour. */
export async function probeQueue(db: Database): Promise<ProbeResult> {
  const started = performance.now();
  const [row] = await rowsOf<{ waiting: string | number; failed: string | number; oldest: string | number | null }>(
    db,
    sql`select count(*) filter (where state in ('created', 'retry') and start_after <= now()) as waiting,
               count(*) filter (where state = 'failed' and completed_on > now() - interval '1 hour') as failed,
               extract(epoch from now() - min(start_after) filter (where state in ('created', 'retry') and start_after <= now())) as oldest
          from pgboss.job
         where state in ('created', 'retry') or (state = 'failed' and completed_on > now() - interval '1 hour')`,
  );
  const responseTimeMs = elapsedMs(started);
  const backlog = Number(row?.waiting ?? 0);
  const failed = Number(row?.failed ?? 0);
  const oldest = row?.oldest == null ? null : Math.round(Number(row.oldest));
  const figures = [
    figure('backlog', backlog, 'count'),
    figure('oldest_waiting_seconds', oldest, 'seconds'),
    figure('failed_last_hour', failed, 'count'),
  ];
  if (oldest !== null && oldest >= oldestWaitingCriticalSeconds)
    return {
      status: 'critical',
      reason: { code: 'queue_waiting_long', params: { seconds: oldest } },
      responseTimeMs,
      figures,
    };
  if (failed >= failedLastHourCritical)
    return {
      status: 'critical',
      reason: { code: 'queue_failures', params: { count: failed } },
      responseTimeMs,
      figures,
    };
  if (oldest !== null && oldest >= oldestWaitingWarningSeconds)
    return {
      status: 'warning',
      reason: { code: 'queue_waiting_long', params: { seconds: oldest } },
      responseTimeMs,
      figures,
    };
  if (failed >= failedLastHourWarning)
    return {
      status: 'warning',
      reason: { code: 'queue_failures', params: { count: failed } },
      responseTimeMs,
      figures,
    };
  return { status: 'healthy', reason: null, responseTimeMs, figures };
}
