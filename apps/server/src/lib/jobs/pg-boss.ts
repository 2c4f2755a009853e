import { sql, type SQL } from 'drizzle-orm';
import { PgBoss, fromDrizzle, fromPglite, type ConstructorOptions, type Db } from 'pg-boss';
import type { DatabaseHandle, Executor } from '../../db/client.js';

/** How often pg-boss looks for work and looks after its queues; tests pass shorter ones. */
export interface JobTimings {
  /** A worker's idle poll for new jobs (pg-boss's minimum is 0.5). */
  pollingIntervalSeconds: number;
  /**
   * The supervisor's pass, which fails jobs whose worker stopped sending heartbeats or ran out of
   * time. With the default heartbeat (20 s) and the default first retry delay (5–10 s), 10 s keeps
   * a dead worker's job picked up again within a minute; pg-boss's own default (60 s) would not.
   */
  superviseIntervalSeconds: number;
  /** Per queue, how often a supervisor pass may actually check it (pg-boss claims it in the table). */
  monitorIntervalSeconds: number;
  /** How often due cron schedules are turned into jobs. */
  cronWorkerIntervalSeconds: number;
}

export const DEFAULT_TIMINGS: JobTimings = {
  pollingIntervalSeconds: 2,
  superviseIntervalSeconds: 10,
  monitorIntervalSeconds: 10,
  cronWorkerIntervalSeconds: 5,
};

/**
 * A pg-boss instance in the application's database. On PGlite it shares the one embedded instance
 * (an embedded database is opened by one process only, and PGlite serialises every statement);
 * on a real server it keeps a small pool of its own, so jobs never wait for web requests' connections.
 */
export function createBoss(
  database: DatabaseHandle,
  timings: JobTimings,
  roles: { work: boolean; schedule: boolean },
): PgBoss {
  const common: ConstructorOptions = {
    schema: 'pgboss',
    // Maintenance belongs where jobs are worked; a web server that only enqueues leaves it to the worker.
    supervise: roles.work,
    schedule: roles.schedule,
    migrate: true,
    superviseIntervalSeconds: timings.superviseIntervalSeconds,
    monitorIntervalSeconds: timings.monitorIntervalSeconds,
    cronWorkerIntervalSeconds: timings.cronWorkerIntervalSeconds,
  };
  if (database.kind === 'pglite') return new PgBoss({ ...common, db: fromPglite(database.pglite), backend: 'pglite' });
  return new PgBoss({ ...common, connectionString: database.connectionString, max: 4, application_name: 'srpf-jobs' });
}

/**
 * pg-boss statements run through the caller's executor: inside its transaction when it is one, so
 * the job exists exactly when the transaction commits. On PGlite this is also the only safe way, as
 * anything else waits for the transaction to end while the transaction waits for it.
 */
export function executorDb(executor: Executor): Db {
  // Both drivers answer execute() with an object carrying `rows`; Drizzle's shared type does not say so.
  return fromDrizzle({ execute: async (query) => (await executor.execute(query as SQL)) as { rows: unknown[] } }, sql);
}
