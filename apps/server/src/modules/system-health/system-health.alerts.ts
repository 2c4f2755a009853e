import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { healthAlerts } from '../../db/schema/index.js';
import type { SubjectState } from './system-health.judge.js';

/**
 * Alerts follow the subjects' states: one open alert per subject, opened when it leaves healthy,
 * updated in place while it stays unhealthy (worse or better, or for another reason: its status and
 * reason are the latest, its start the first), cleared when it is healthy again. With `complete`, the states name every
 * instance and resource there is: an open alert of one no longer named (an instance silent for 15
 * minutes, a host gone) is cleared too.
 */
export async function applyAlerts(
  db: Database,
  states: readonly SubjectState[],
  at: Date,
  options: { complete: boolean },
): Promise<void> {
  const open = await db.select().from(healthAlerts).where(isNull(healthAlerts.cleared_at));
  const openBySubject = new Map(open.map((alert) => [`${alert.subject_kind}:${alert.subject}`, alert]));
  const named = new Set<string>();
  for (const state of states) {
    const key = `${state.kind}:${state.subject}`;
    named.add(key);
    const alert = openBySubject.get(key);
    if (state.status === 'healthy') {
      if (alert) await db.update(healthAlerts).set({ cleared_at: at }).where(eq(healthAlerts.id, alert.id));
    } else if (!alert) {
      await db
        .insert(healthAlerts)
        .values({
          subject: state.subject,
          subject_kind: state.kind,
          status: state.status,
          reason: state.reason,
          started_at: at,
        })
        .onConflictDoNothing();
    } else if (
      alert.status !== state.status ||
      (alert.reason as { code?: string } | null)?.code !== state.reason?.code
    ) {
      await db
        .update(healthAlerts)
        .set({ status: state.status, reason: state.reason })
        .where(and(eq(healthAlerts.id, alert.id), isNull(healthAlerts.cleared_at)));
    }
  }
  if (!options.complete) return;
  for (const alert of open) {
    if (alert.subject_kind !== 'service' && !named.has(`${alert.subject_kind}:${alert.subject}`))
      await db.update(healthAlerts).set({ cleared_at: at }).where(eq(healthAlerts.id, alert.id));
  }
}
