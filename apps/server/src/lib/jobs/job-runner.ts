import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { DatabaseHandle, Executor } from '../../db/client.js';
import { FORCE_TIME_ZONE } from '../clock.js';
import { DEFAULT_TIMINGS, createBoss, executorDb, type JobTimings } from './pg-boss.js';

export type { JobTimings } from './pg-boss.js';

export interface JobContext {
  id: string;
  name: string;
  /** 0 on the first attempt, then 1, 2, … on retries (pg-boss's retryCount). */
  attempt: number;
  /** Aborted when the job is no longer this worker's (expired, or the runner stops). */
  signal: AbortSignal;
  logger: Logger;
}

/**
 * Work that outlives a request. It must be idempotent: a job can run again after a crash, a lost
 * heartbeat or a failed attempt. What it returns is stored as the job's output.
 */
export type JobHandler<Data extends object, Output extends object | void> = (
  data: Data,
  job: JobContext,
) => Promise<Output>;

export interface JobOptions {
  /** Retries after the first attempt before the job is recorded as failed. Default 4. */
  retryLimit?: number;
  /** Whole seconds before the first retry. Default 5. */
  retryDelaySeconds?: number;
  /** Each retry waits about twice as long as the last (with jitter). Default true. */
  retryBackoff?: boolean;
  /** Upper bound of one backed-off delay. Default 600. */
  retryDelayMaxSeconds?: number;
  /** An attempt running longer is failed (and retried). Default 900. */
  expireInSeconds?: number;
  /**
   * A worker refreshes its jobs this often (every half of it); a job whose worker went silent for
   * that long, because it was killed, is failed and retried by the next supervisor pass. At least
   * 10 (pg-boss), null for none. Default 20.
   */
  heartbeatSeconds?: number | null;
  /** Jobs of this kind worked at once in one process. Default 1. */
  concurrency?: number;
  /** Completed and failed jobs are kept this long for inspection. Default 7 days. */
  keepSeconds?: number;
}

export interface EnqueueOptions {
  /** Not before this moment. */
  startAfter?: Date;
  /**
   * A label of the job (pg-boss's `singleton_key`). The queues use pg-boss's `standard` policy, under
   * which a key alone de-duplicates nothing (only a `short`/`singleton`/`stately`/`exclusive` queue, or
   * `singletonSeconds`, would): a second enqueue with the same key is a second job. Handlers stay
   * idempotent instead (the WhatsApp send job under its delivery's row lock).
   */
  singletonKey?: string;
}

export interface ScheduleOptions {
  /** The time zone the cron expression is read in. Default the force's (Asia/Kolkata). */
  tz?: string;
  /** 'once': if the runner was down when the job fell due, send it once on the next pass. Default 'skip'. */
  missed?: 'skip' | 'once';
}

/** What pg-boss recorded of one job. */
export interface JobRecord {
  id: string;
  name: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  data: unknown;
  /** Attempts made after the first one. */
  retryCount: number;
  retryLimit: number;
  /** The handler's result, or the error of the last failed attempt. */
  output: unknown;
  createdOn: Date;
  startedOn: Date | null;
  completedOn: Date | null;
}

export interface JobRunner {
  /** Declares a kind of job; before start(). Every process that enqueues it must declare it too. */
  define<Data extends object, Output extends object | void>(
    name: string,
    handler: JobHandler<Data, Output>,
    options?: JobOptions,
  ): void;
  /**
   * Enqueues a job through `executor`: pass the transaction that creates the job's record, so the
   * job exists if and only if it commits. Returns the job's id (null when a singleton key held it back).
   */
  enqueue<Data extends object>(
    executor: Executor,
    name: string,
    data: Data,
    options?: EnqueueOptions,
  ): Promise<string | null>;
  /**
   * Enqueues many jobs of one kind in one statement, through `executor` like enqueue (the job per
   * record of a large upload: thousands of sends would cost a round trip each).
   */
  enqueueMany<Data extends object>(
    executor: Executor,
    name: string,
    jobs: readonly { data: Data; singletonKey?: string; startAfter?: Date }[],
  ): Promise<void>;
  /** Sends the job on a cron expression (five fields); before start(). Applied only where jobs are worked. */
  schedule(name: string, cron: string, data?: object, options?: ScheduleOptions): void;
  start(): Promise<void>;
  /** Stops taking jobs, waits up to `timeoutMs` for those running, then fails the rest (they are retried). */
  stop(options?: { timeoutMs?: number }): Promise<void>;
  getJob(name: string, id: string): Promise<JobRecord | null>;
}

export interface JobRunnerOptions {
  database: DatabaseHandle;
  logger: Logger;
  /**
   * false: only create the queues and enqueue (a web server while `npm run worker` works the jobs).
   * Default true.
   */
  work?: boolean;
  timings?: Partial<JobTimings>;
}

const DEFAULT_JOB_OPTIONS = {
  retryLimit: 4,
  retryDelaySeconds: 5,
  retryBackoff: true,
  retryDelayMaxSeconds: 600,
  expireInSeconds: 900,
  heartbeatSeconds: 20,
  concurrency: 1,
  keepSeconds: 7 * 24 * 3600,
} satisfies Required<JobOptions>;

interface Definition {
  handler: JobHandler<object, object | void>;
  options: Required<JobOptions>;
}

// A job id nobody has: looking it up is the cheapest statement that loads a queue into pg-boss's cache.
const NO_JOB = '00000000-0000-0000-0000-000000000000';

export function createJobRunner({
  database,
  logger: parentLogger,
  work = true,
  timings: timingOverrides,
}: JobRunnerOptions): JobRunner {
  const logger = parentLogger.child({ component: 'jobs' });
  const timings = { ...DEFAULT_TIMINGS, ...timingOverrides };
  const definitions = new Map<string, Definition>();
  const schedules: { name: string; cron: string; data: object; options: Required<ScheduleOptions> }[] = [];
  let boss: PgBoss | null = null;
  let starting: Promise<void> | null = null;
  let state: 'new' | 'starting' | 'started' | 'stopped' = 'new';

  const assertNew = (what: string) => {
    if (state !== 'new') throw new Error(`${what} must come before the job runner starts`);
  };

  async function prepareQueue(instance: PgBoss, name: string, options: Required<JobOptions>) {
    const queue = {
      retryLimit: options.retryLimit,
      retryDelay: options.retryDelaySeconds,
      retryBackoff: options.retryBackoff,
      expireInSeconds: options.expireInSeconds,
      deleteAfterSeconds: options.keepSeconds,
    };
    // pg-boss takes a maximum only for backed-off delays, and refuses the key even when undefined.
    const retryDelayMax = options.retryBackoff ? options.retryDelayMaxSeconds : null;
    const { heartbeatSeconds } = options;
    await instance.createQueue(name, {
      ...queue,
      ...(retryDelayMax === null ? {} : { retryDelayMax }),
      ...(heartbeatSeconds === null ? {} : { heartbeatSeconds }),
    });
    // createQueue leaves an existing queue as it is, so the options in the code are applied again:
    // a deploy that changes them takes effect for the jobs enqueued from then on.
    await instance.updateQueue(name, { ...queue, retryDelayMax, heartbeatSeconds });
    // Loaded into pg-boss's queue cache now: a cache miss during enqueue would look the queue up on
    // pg-boss's own connection, which on PGlite waits for the caller's open transaction — forever.
    await instance.findJobs(name, { id: NO_JOB });
  }

  /**
   * `concurrency` workers of one job kind, each fetching one job at a time. pg-boss waits out the
   * rest of its polling interval after every fetch, even one that found a job; a worker that has just
   * finished a job asks for the next at once instead (notifyWorker), so a queue of thousands drains
   * at the handler's pace, and an empty queue is polled as before.
   */
  async function startWorker(instance: PgBoss, name: string, { handler, options }: Definition) {
    for (let index = 0; index < (options.concurrency ?? 1); index += 1) {
      let workerId = '';
      workerId = await instance.work(
        name,
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: timings.pollingIntervalSeconds },
        async ([job]) => {
          if (!job) return null;
          const jobLogger = logger.child({ job: name, jobId: job.id, attempt: job.retryCount });
          const started = Date.now();
          try {
            const output = await handler(job.data as object, {
              id: job.id,
              name,
              attempt: job.retryCount,
              signal: job.signal,
              logger: jobLogger,
            });
            jobLogger.info({ ms: Date.now() - started, output }, 'job completed');
            return output ?? null;
          } catch (error) {
            const retrying = job.retryCount < job.retryLimit;
            jobLogger[retrying ? 'warn' : 'error'](
              { ms: Date.now() - started, err: error },
              retrying ? 'job failed, will retry' : 'job failed for good',
            );
            throw error;
          } finally {
            instance.notifyWorker(workerId);
          }
        },
      );
    }
  }

  async function begin() {
    const instance = createBoss(database, timings, { work, schedule: work && schedules.length > 0 });
    boss = instance;
    // Without a listener an 'error' event would end the process; these are pg-boss's background
    // passes (polling, maintenance), which carry on after logging.
    instance.on('error', (error) => logger.error({ err: error }, 'job runner error'));
    instance.on('warning', (warning) => logger.warn({ data: warning.data }, warning.message));
    await instance.start();
    for (const [name, definition] of definitions) await prepareQueue(instance, name, definition.options);
    // Enqueueing works from here on, handlers enqueueing follow-up jobs included.
    state = 'started';
    if (work) {
      await applySchedules(instance);
      for (const [name, definition] of definitions) await startWorker(instance, name, definition);
    }
    logger.info({ jobs: [...definitions.keys()], work }, 'job runner started');
  }

  async function applySchedules(instance: PgBoss) {
    for (const { name, cron, data, options } of schedules) await instance.schedule(name, cron, data, options);
    // A schedule removed from the code would otherwise go on sending jobs for ever.
    const declared = new Set(schedules.map((entry) => entry.name));
    for (const existing of await instance.getSchedules()) {
      if (!declared.has(existing.name)) await instance.unschedule(existing.name, existing.key);
    }
  }

  return {
    define(name, handler, options = {}) {
      assertNew('define()');
      if (definitions.has(name)) throw new Error(`job ${name} is defined twice`);
      definitions.set(name, {
        handler: handler as unknown as JobHandler<object, object | void>,
        options: { ...DEFAULT_JOB_OPTIONS, ...options },
      });
    },

    async enqueue(executor, name, data, options = {}) {
      if (state !== 'started' || !boss) throw new Error('the job runner has not started');
      // Only declared queues are in pg-boss's cache (see prepareQueue), which enqueue depends on.
      if (!definitions.has(name)) throw new Error(`job ${name} is not defined`);
      return boss.send(name, data, { ...options, db: executorDb(executor) });
    },

    async enqueueMany(executor, name, jobs) {
      if (state !== 'started' || !boss) throw new Error('the job runner has not started');
      if (!definitions.has(name)) throw new Error(`job ${name} is not defined`);
      if (jobs.length === 0) return;
      await boss.insert(
        name,
        jobs.map((job) => ({
          data: job.data,
          ...(job.singletonKey === undefined ? {} : { singletonKey: job.singletonKey }),
          ...(job.startAfter === undefined ? {} : { startAfter: job.startAfter }),
        })),
        { db: executorDb(executor) },
      );
    },

    schedule(name, cron, data = {}, options = {}) {
      assertNew('schedule()');
      schedules.push({ name, cron, data, options: { tz: FORCE_TIME_ZONE, missed: 'skip', ...options } });
    },

    async start() {
      assertNew('start()');
      for (const { name } of schedules) {
        if (!definitions.has(name)) throw new Error(`job ${name} is scheduled but not defined`);
      }
      state = 'starting';
      starting = begin().catch(async (error: unknown) => {
        state = 'stopped';
        const failed = boss;
        boss = null;
        await failed?.stop({ graceful: false }).catch(() => {});
        throw error;
      });
      return starting;
    },

    async stop({ timeoutMs = 30_000 } = {}) {
      await starting?.catch(() => {});
      const current = boss;
      state = 'stopped';
      boss = null;
      // pg-boss closes only a pool it opened itself; the embedded database is closed by its owner.
      await current?.stop({ graceful: true, timeout: timeoutMs, close: true });
    },

    async getJob(name, id) {
      if (state !== 'started' || !boss) throw new Error('the job runner has not started');
      const [job] = await boss.findJobs<unknown>(name, { id });
      if (!job) return null;
      return {
        id: job.id,
        name: job.name,
        state: job.state,
        data: job.data,
        retryCount: job.retryCount,
        retryLimit: job.retryLimit,
        output: job.output,
        createdOn: job.createdOn,
        startedOn: job.startedOn ?? null,
        completedOn: job.completedOn ?? null,
      };
    },
  };
}
