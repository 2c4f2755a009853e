import { and, between, eq } from 'drizzle-orm';
import type { THealthService } from '@srpf/shared';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { healthProbeResults } from '../../db/schema/index.js';
import type { FileStorage } from '../../lib/storage.js';
import { applyAlerts } from './system-health.alerts.js';
import { judgeSamples, type SampleRow, type SubjectState } from './system-health.judge.js';
import { latestSamples, recentHostLoad } from './system-health.repository.js';
import { HEALTH_THRESHOLDS } from './system-health.thresholds.js';
import { probeDatabase } from './probes/database.probe.js';
import type { ProbeResult, ServiceResult } from './probes/probe.js';
import { probeQueue } from './probes/queue.probe.js';
import { probeRenderer, type RendererHealth } from './probes/renderer.probe.js';
import { probeStorage } from './probes/storage.probe.js';
import { probeWhatsapp } from './probes/whatsapp.probe.js';

export const HEALTH_PROBE_JOB = 'health.probe';
export const HEALTH_PROBE_CRON = '* * * * *';

/** A resource alert follows the host's average over this long (5 minute samples), not one busy minute. */
const HOST_LOAD_MS = 5 * 60_000;

/** Runs kept while the database could not be written: an hour of them. */
const PENDING_KEPT = 60;

export interface ProbeRunOptions {
  db: Database;
  clock: AppContext['clock'];
  logger: AppContext['logger'];
  storage: FileStorage;
  /** The store's folder: its filesystem's free space. */
  storageFolder: string;
  whatsappProvider: 'cloud' | 'outbox';
  rendererHealth: RendererHealth;
}

/** A service whose state lives in the database while it does not answer: the database and the queue critical, WhatsApp a warning. */
function unreachable(service: THealthService): ServiceResult {
  return {
    service,
    status: service === 'whatsapp' ? 'warning' : 'critical',
    reason: { code: 'database_unreachable' },
    responseTimeMs: null,
    figures: [],
  };
}

/** A check that throws is not healthy: the queue and storage critical, the others a warning. */
async function checked(service: THealthService, check: () => Promise<ProbeResult>): Promise<ServiceResult> {
  try {
    return { service, ...(await check()) };
  } catch (error) {
    const critical = service === 'queue' || service === 'database' || service === 'storage';
    return {
      service,
      status: critical ? 'critical' : 'warning',
      reason: { code: `${service}_check_failed`, params: { error: (error as Error).message?.slice(0, 200) ?? '' } },
      responseTimeMs: null,
      figures: [],
    };
  }
}

/**
 * One probe run (the `health.probe` job, each minute, one at a time across instances): checks the
 * shared services, judges the instances and hosts from their samples, keeps the results and opens or
 * clears alerts. While the database cannot be written the results are kept here, and written (with
 * their alerts, at their own time) once it answers again, so an outage shows in the history.
 */
export function createProbeRun(options: ProbeRunOptions) {
  const { db, clock, logger } = options;
  const pending: { at: Date; results: ServiceResult[] }[] = [];

  async function checkServices(at: Date): Promise<ServiceResult[]> {
    const database = await checked('database', () => probeDatabase(db));
    const databaseDown = database.status === 'critical' && database.reason?.code === 'database_unreachable';
    return [
      database,
      await checked('storage', () => probeStorage(options.storage, options.storageFolder)),
      // The queue and WhatsApp's state live in the database.
      databaseDown ? unreachable('queue') : await checked('queue', () => probeQueue(db)),
      await checked('renderer', () => probeRenderer(options.rendererHealth)),
      databaseDown
        ? unreachable('whatsapp')
        : await checked('whatsapp', () => probeWhatsapp(db, options.whatsappProvider, at)),
    ];
  }

  async function write(at: Date, results: readonly ServiceResult[], samples: SampleRow[] | null): Promise<void> {
    await db.insert(healthProbeResults).values(
      results.map((result) => ({
        service: result.service,
        status: result.status,
        reason: result.reason,
        response_time_ms: result.responseTimeMs,
        figures: result.figures,
        checked_at: at,
      })),
    );
    const states: SubjectState[] = results.map((result) => ({
      subject: result.service,
      kind: 'service',
      status: result.status,
      reason: result.reason,
    }));
    if (samples)
      states.push(...judgeSamples(samples, at, await recentHostLoad(db, new Date(at.getTime() - HOST_LOAD_MS), at)));
    await applyAlerts(db, states, at, { complete: samples !== null });
  }

  /** Whether a run (of any process) kept a result between the two moments: the database's, which every run writes. */
  async function keptBetween(from: Date, to: Date): Promise<boolean> {
    const [row] = await db
      .select({ id: healthProbeResults.id })
      .from(healthProbeResults)
      .where(and(eq(healthProbeResults.service, 'database'), between(healthProbeResults.checked_at, from, to)))
      .limit(1);
    return row !== undefined;
  }
  /** One outage, noticed twice (by two processes, half a minute apart at most), is written once. */
  const keptNear = (at: Date) => keptBetween(new Date(at.getTime() - 30_000), new Date(at.getTime() + 30_000));
  const ranWithin = (at: Date, ms: number) => keptBetween(new Date(at.getTime() - ms), at);

  /** Writes the kept runs, oldest first; each stays kept until written. One writer at a time (the sampler's flush and a run may both try). */
  let writing: Promise<void> = Promise.resolve();
  function writePending(): Promise<void> {
    const next = writing.then(writeEachPending);
    writing = next.catch(() => undefined);
    return next;
  }
  async function writeEachPending(): Promise<void> {
    while (pending.length > 0) {
      const [first] = pending;
      if (!first) break;
      if (!(await keptNear(first.at))) await write(first.at, first.results, null);
      pending.shift();
    }
  }

  function keep(at: Date, results: ServiceResult[]): void {
    pending.push({ at, results });
    if (pending.length > PENDING_KEPT) pending.shift();
  }

  return {
    /**
     * Runs once; answers what was found and how many earlier runs waited for the database. The job
     * passes `skipIfRanWithinMs`: a run asked for at start, or jobs piled up behind a stuck one, add
     * nothing to a run made moments before (pg-boss's cron sends one job a minute, but not only those run).
     */
    async run(
      options: { skipIfRanWithinMs?: number } = {},
    ): Promise<{ results: ServiceResult[]; written: boolean; pending: number; skipped?: true }> {
      const at = clock.now();
      if (
        options.skipIfRanWithinMs !== undefined &&
        (await ranWithin(at, options.skipIfRanWithinMs).catch(() => false))
      )
        return { results: [], written: false, pending: pending.length, skipped: true };
      const results = await checkServices(at);
      try {
        const samples = await latestSamples(db, new Date(at.getTime() - HEALTH_THRESHOLDS.instance.listedForMs), at);
        await writePending();
        await write(at, results, samples);
        return { results, written: true, pending: 0 };
      } catch (error) {
        if (pending.length === 0)
          logger.warn({ err: error }, 'the health probe could not write its results: kept until the database answers');
        keep(at, results);
        return { results, written: false, pending: pending.length };
      }
    },

    /**
     * A process's sampler found the database unreachable. No probe job starts then (the queue lives in
     * the database), so the minute is kept here as the probe would have found it, and written by
     * `flush` or the next run once the database answers.
     */
    noteUnreachable(at: Date): void {
      const last = pending.at(-1);
      if (last && at.getTime() - last.at.getTime() < 30_000) return;
      keep(at, [unreachable('database'), unreachable('queue'), unreachable('whatsapp')]);
    },

    /** Writes what was kept during an outage (the sampler calls it once it writes again); never throws. */
    async flush(): Promise<void> {
      if (pending.length === 0) return;
      await writePending().catch(() => undefined);
    },
  };
}

export type ProbeRun = ReturnType<typeof createProbeRun>;
