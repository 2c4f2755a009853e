import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database, DatabaseHandle } from './db/client.js';
import { createChangeFeed, type ChangeFeed } from './lib/change-feed.js';
import { clock } from './lib/clock.js';
import { createJobRunner, type JobRunner } from './lib/jobs/job-runner.js';
import type { SignedInActor } from './lib/access.js';
import { createLogger } from './lib/logger.js';
import { createMetrics, type Metrics } from './lib/metrics.js';
import { createStandingCache, type StandingCache } from './lib/standing-cache.js';
import type { FileStorage } from './lib/storage.js';
import { createLocalStorage } from './lib/storage-local.js';

/**
 * What every service may use and nothing more: the configuration, the database, the clock, the log,
 * the file store, the job runner, the change feed and the kept standing of signed-in people. Services
 * get each other through their modules' manifests (`needs`), never from here.
 */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  clock: typeof clock;
  logger: Logger;
  /** Uploaded files (the libraries' PDFs): a folder under DATA_DIR, outside anything served. */
  storage: FileStorage;
  /** Work that outlives a request (lib/jobs): services define their jobs while the registry is built. */
  jobs: JobRunner;
  /** What must reach every server instance (LISTEN/NOTIFY on one channel). */
  changes: ChangeFeed;
  /** The signed-in people's standing as the guard read it, kept a few seconds (ACTOR_CACHE_SECONDS). */
  standing: StandingCache<SignedInActor>;
  /** This process's Prometheus metrics (GET /api/metrics; the worker's on METRICS_PORT). */
  metrics: Metrics;
}

export interface ContextOptions {
  /** Lets tests read the logs; the server logs to stdout. */
  logStream?: NodeJS.WritableStream;
  /** Whether this process works jobs (false: it only enqueues them, for `npm run worker` to work). */
  workJobs?: boolean;
}

export function createContext(config: Config, database: DatabaseHandle, options: ContextOptions = {}): AppContext {
  const logger = createLogger(config.logLevel, options.logStream);
  const changes = createChangeFeed({ database, logger });
  return {
    config,
    database,
    db: database.db,
    clock,
    logger,
    storage: createLocalStorage(path.join(config.dataDir, 'files')),
    jobs: createJobRunner({ database, logger, work: options.workJobs ?? true }),
    changes,
    standing: createStandingCache<SignedInActor>({ seconds: config.actorCacheSeconds, changes }),
    metrics: createMetrics({
      db: database.db,
      ...(database.kind === 'postgres' && database.poolStats ? { pool: database.poolStats } : {}),
    }),
  };
}

/** Listens to the change feed, then starts the job runner: after the registry has defined its jobs. */
export async function startBackground(context: AppContext): Promise<void> {
  await context.changes.start();
  await context.jobs.start();
}

/** Stops the job runner (running jobs finish or are retried later), then the change feed. */
export async function stopBackground(context: AppContext): Promise<void> {
  await context.jobs.stop();
  await context.changes.stop();
}
