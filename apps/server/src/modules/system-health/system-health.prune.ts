import { and, isNotNull, lt } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { healthAlerts, healthProbeResults, healthSamples } from '../../db/schema/index.js';
import { HEALTH_THRESHOLDS } from './system-health.thresholds.js';

export const HEALTH_PRUNE_JOB = 'health.prune';
/** Daily, at 03:40 in the force's time zone (a quiet hour). */
export const HEALTH_PRUNE_CRON = '40 3 * * *';

/** Removes samples and results older than 30 days, and alerts cleared more than 30 days ago (open ones stay). */
export function createHealthPrune(context: Pick<AppContext, 'db' | 'clock'>) {
  const { db, clock } = context;
  return async function pruneHealth(): Promise<{ samples: number; results: number; alerts: number }> {
    const before = new Date(clock.now().getTime() - HEALTH_THRESHOLDS.keptMs);
    const samples = await db
      .delete(healthSamples)
      .where(lt(healthSamples.sampled_at, before))
      .returning({ id: healthSamples.id });
    const results = await db
      .delete(healthProbeResults)
      .where(lt(healthProbeResults.checked_at, before))
      .returning({ id: healthProbeResults.id });
    const alerts = await db
      .delete(healthAlerts)
      .where(and(isNotNull(healthAlerts.cleared_at), lt(healthAlerts.cleared_at, before)))
      .returning({ id: healthAlerts.id });
    return { samples: samples.length, results: results.length, alerts: alerts.length };
  };
}
