import { gt, sql } from 'drizzle-orm';
import type { THealthService } from '@srpf/shared';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { healthProbeResults, healthSamples } from '../../db/schema/index.js';
import type { FileStorage } from '../../lib/storage.js';
import { applyAlerts } from './system-health.alerts.js';
import { judgeSamples, type SampleRow, type SubjectState } from './system-health.judge.js';
import { HEALTH_THRESHOLDS } from './system-health.thresholds.js';
import { probeDatabase } from './probes/database.probe.js';
import type { ProbeResult, ServiceResult } from './probes/probe.js';
import { probeQueue } from './probes/queue.probe.js';
import { probeRenderer, type RendererHealth } from './probes/renderer.probe.js';
import { probeStorage } from './probes/storage.probe.js';
import { probeWhatsapp } from './probes/whatsapp.probe.js';

export const HEALTH_PROBE_JOB = 'health.probe';
export const HEALTH_PROBE_CRON = '* * * * *';

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
    const unreachable = (service: THealthService): ServiceResult => ({
      service,
      status: service === 'queue' ? 'critical' : 'warning',
      reason: { code: 'database_unreachable' },
      responseTimeMs: null,
      figures: [],
    });
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
    if (samples) states.push(...judgeSamples(samples, at));
    await applyAlerts(db, states, at, { complete: samples !== null });
  }

  /** The latest sample of every instance heard of in the last 15 minutes. */
  async function latestSamples(now: Date): Promise<SampleRow[]> {
    return db
      .selectDistinctOn([healthSamples.instance])
      .from(healthSamples)
      .where(gt(healthSamples.sampled_at, new Date(now.getTime() - HEALTH_THRESHOLDS.instance.listedForMs)))
      .orderBy(healthSamples.instance, sql`${healthSamples.sampled_at} desc`);
  }

  return {
    /** Runs once; answers what was found and how many earlier runs waited for the database. */
    async run(): Promise<{ results: ServiceResult[]; written: boolean; pending: number }> {
      const at = clock.now();
      const results = await checkServices(at);
      try {
        const samples = await latestSamples(at);
        while (pending.length > 0) {
          const [first] = pending;
          if (!first) break;
          await write(first.at, first.results, null);
          pending.shift();
        }
        await write(at, results, samples);
        return { results, written: true, pending: 0 };
      } catch (error) {
        if (pending.length === 0)
          logger.warn({ err: error }, 'the health probe could not write its results: kept until the database answers');
        pending.push({ at, results });
        if (pending.length > PENDING_KEPT) pending.shift();
        return { results, written: false, pending: pending.length };
      }
    },
  };
}

export type ProbeRun = ReturnType<typeof createProbeRun>;
