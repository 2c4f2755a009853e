import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.js';
import { healthSamples } from '../../db/schema/index.js';
import type { clock as Clock } from '../clock.js';
import { createHostResources } from './host-resources.js';
import type { HttpStats } from './http-stats.js';
import type { LogRing } from './log-ring.js';

export const SAMPLE_INTERVAL_MS = 60_000;
/** The first sample, a few seconds after start: soon on the page, and with CPU and network measured over those seconds. */
export const FIRST_SAMPLE_DELAY_MS = 5_000;
/** The event-loop monitor's timer: what it measures includes this interval, taken off again below. */
const LOOP_RESOLUTION_MS = 20;

/** Who writes the samples: `${role}@${host}:${pid}`, stable for the process's life. */
export interface SamplerIdentity {
  role: 'server' | 'worker';
  host: string;
  pid: number;
  startedAt: Date;
}

export interface HealthSamplerOptions {
  db: Database;
  logger: Logger;
  clock: typeof Clock;
  role: 'server' | 'worker';
  /** DATA_DIR: the disk figure is of its filesystem. */
  dataFolder: string;
  logRing: LogRing;
  /** The server's answers; none for the worker. */
  httpStats?: HttpStats;
  /** Tests give two processes' identities; a process its own. */
  identity?: Partial<SamplerIdentity>;
  /** Told after each attempt whether the sample was written (a process that works jobs keeps an outage for the probe). */
  onWritten?: (written: boolean, at: Date) => void | Promise<void>;
}

export type HealthSampler = ReturnType<typeof createHealthSampler>;

/**
 * Writes this process's minute sample (issue 32): 5 s after start and every minute on unref'd
 * timers, stopped on shutdown. It never throws into the process: a failed write is logged once (at
 * warn) until one succeeds again.
 */
export function createHealthSampler(options: HealthSamplerOptions) {
  const { db, logger, clock, role, logRing, httpStats } = options;
  const identity: SamplerIdentity = {
    role,
    host: os.hostname(),
    pid: process.pid,
    startedAt: new Date(clock.now().getTime() - process.uptime() * 1000),
    ...options.identity,
  };
  const instance = `${identity.role}@${identity.host}:${identity.pid}`;
  const readHost = createHostResources(options.dataFolder);
  const loopDelay = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  loopDelay.enable();
  let first: NodeJS.Timeout | null = null;
  let timer: NodeJS.Timeout | null = null;
  let failing = false;
  let previousId: number | null = null;
  /** The sample being written: a database that hangs must not pile a new one up each minute. */
  let inFlight: Promise<boolean> | null = null;

  function sampleOnce(): Promise<boolean> {
    inFlight ??= (async () => {
      try {
        const written = await writeSample();
        await Promise.resolve(options.onWritten?.(written, clock.now())).catch(() => undefined);
        return written;
      } finally {
        inFlight = null;
      }
    })();
    return inFlight;
  }

  async function writeSample(): Promise<boolean> {
    try {
      const http = httpStats?.take() ?? null;
      const lag = loopDelay.count > 0 ? Math.max(0, loopDelay.percentile(99) / 1e6 - LOOP_RESOLUTION_MS) : 0;
      loopDelay.reset();
      const memory = process.memoryUsage();
      const host = await readHost();
      const [inserted] = await db
        .insert(healthSamples)
        .values({
          instance,
          role: identity.role,
          host: identity.host,
          pid: identity.pid,
          started_at: identity.startedAt,
          sampled_at: clock.now(),
          response_p50_ms: http?.p50 ?? null,
          response_p99_ms: http?.p99 ?? null,
          requests: http?.requests ?? null,
          errors_5xx: http?.errors ?? null,
          event_loop_lag_ms: Math.round(lag * 10) / 10,
          rss_bytes: memory.rss,
          heap_used_bytes: memory.heapUsed,
          cpu_percent: host.cpuPercent,
          memory_percent: host.memoryPercent,
          disk_percent: host.diskPercent,
          network_bytes_per_second: host.networkBytesPerSecond,
          network_percent: host.networkPercent,
          logs: logRing.snapshot(),
        })
        .returning({ id: healthSamples.id });
      // Only the latest sample carries the log lines (the page reads them there): the one before drops
      // them, so a month of samples does not keep the same 50 lines 43,200 times.
      if (previousId !== null)
        await db
          .update(healthSamples)
          .set({ logs: [] })
          .where(and(eq(healthSamples.id, previousId), sql`${healthSamples.logs} <> '[]'::jsonb`));
      previousId = inserted?.id ?? previousId;
      failing = false;
      return true;
    } catch (error) {
      if (!failing) logger.warn({ err: error, instance }, 'the health sample could not be written');
      failing = true;
      return false;
    }
  }

  return {
    instance,
    sampleOnce,
    start(): void {
      if (timer) return;
      first = setTimeout(() => void sampleOnce(), FIRST_SAMPLE_DELAY_MS);
      first.unref();
      timer = setInterval(() => void sampleOnce(), SAMPLE_INTERVAL_MS);
      timer.unref();
    },
    stop(): void {
      if (first) clearTimeout(first);
      if (timer) clearInterval(timer);
      first = null;
      timer = null;
      loopDelay.disable();
    },
    /**
     * Stops, and marks the latest sample as the process's last (on a clean shutdown, before the
     * database closes): the page drops the instance at once instead of alerting on its silence.
     */
    async close(): Promise<void> {
      this.stop();
      await inFlight?.catch(() => undefined);
      if (previousId === null) return;
      await db
        .update(healthSamples)
        .set({ stopped_at: clock.now() })
        .where(eq(healthSamples.id, previousId))
        .catch((error: unknown) => logger.warn({ err: error, instance }, 'the last health sample could not be marked'));
    },
  };
}
