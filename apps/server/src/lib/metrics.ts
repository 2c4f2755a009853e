import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

/**
 * The process's Prometheus metrics (issue 32): one registry per context, so that tests building many
 * apps in one process never meet a metric registered twice. Node's own (event-loop lag, heap, CPU,
 * handles) come from prom-client's default collectors; the product's are below. Figures read from
 * the database (the pool, the job queue) are read when Prometheus scrapes, never on a timer.
 */

/** What a scrape reads from outside the process: the connection pool (absent on the embedded database) and the database. */
export interface MetricsSources {
  db: Database;
  /** The pool's connections: in use, idle, and requests waiting for one. */
  pool?: () => { total: number; idle: number; waiting: number };
}

export interface Metrics {
  registry: Registry;
  /** One finished HTTP request: its route pattern (never the raw path), method and status. */
  observeRequest(route: string, method: string, status: number, seconds: number): void;
  /** A payslip PDF made (or not) by the render job. */
  pdfsRendered: Counter<'outcome'>;
  /** A WhatsApp send attempt's outcome (sent, refused, failed, held, …). */
  whatsappMessages: Counter<'outcome'>;
  /** The text Prometheus reads. */
  text(): Promise<string>;
  contentType: string;
}

/** Requests are timed in buckets from 5 ms to 10 s: the API answers in tens of milliseconds, uploads in seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

async function rowsOf<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * Node's own figures belong to the process, not to a context: collected once (prom-client's collectors
 * start an event-loop monitor and a GC observer that nothing stops) and merged into each context's registry.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** A scrape waits this long at most for the queue's figures; they are kept this long between scrapes. */
const QUEUE_READ_TIMEOUT_MS = 2_000;
const QUEUE_KEEP_MS = 10_000;

export function createMetrics(sources: MetricsSources): Metrics {
  const own = new Registry();

  const requests = new Counter({
    name: 'srpf_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [own],
  });
  const durations = new Histogram({
    name: 'srpf_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern and method',
    labelNames: ['route', 'method'] as const,
    buckets: DURATION_BUCKETS,
    registers: [own],
  });
  const pdfsRendered = new Counter({
    name: 'srpf_payslip_pdfs_rendered_total',
    help: 'Payslip PDFs the render job made (ready) or gave up on (failed)',
    labelNames: ['outcome'] as const,
    registers: [own],
  });
  const whatsappMessages = new Counter({
    name: 'srpf_whatsapp_messages_total',
    help: 'WhatsApp send attempts of this process, by outcome',
    labelNames: ['outcome'] as const,
    registers: [own],
  });

  if (sources.pool) {
    const pool = sources.pool;
    new Gauge({
      name: 'srpf_db_pool_connections',
      help: 'Database pool connections of this process, by state (in_use, idle, waiting: requests waiting for one)',
      labelNames: ['state'] as const,
      registers: [own],
      collect() {
        const { total, idle, waiting } = pool();
        this.set({ state: 'in_use' }, total - idle);
        this.set({ state: 'idle' }, idle);
        this.set({ state: 'waiting' }, waiting);
      },
    });
  }

  // The queue is shared by every process: each reports the same figures (a dashboard takes the max).
  const jobsWaiting = new Gauge({
    name: 'srpf_jobs_waiting',
    help: 'Jobs due and not yet taken, by job name (the whole queue, shared by every process)',
    labelNames: ['job'] as const,
    registers: [own],
  });
  const jobsFailed = new Gauge({
    name: 'srpf_jobs_failed_last_hour',
    help: 'Jobs that failed for good in the last hour, by job name (the whole queue)',
    labelNames: ['job'] as const,
    registers: [own],
  });
  const oldestWaiting = new Gauge({
    name: 'srpf_jobs_oldest_waiting_seconds',
    help: 'How long the oldest due job has waited, by job name',
    labelNames: ['job'] as const,
    registers: [own],
  });

  type QueueRow = { name: string; waiting: string; failed: string; oldest: number | string | null };
  let queueReadAt = 0;

  /**
   * Reads the queue (one statement for the three gauges), at most every QUEUE_KEEP_MS, never while the
   * pool has requests waiting, and for QUEUE_READ_TIMEOUT_MS at most: the figures matter most when the
   * database is busy, and a scrape must not add to its load or wait on it. Not read: the figures are
   * left out of this scrape (the process's own figures say why).
   */
  async function readQueue(): Promise<void> {
    if (Date.now() - queueReadAt < QUEUE_KEEP_MS) return;
    if ((sources.pool?.().waiting ?? 0) > 0) throw new Error('the pool is busy');
    const rows = await sources.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local statement_timeout = ${QUEUE_READ_TIMEOUT_MS}`));
      return rowsOf<QueueRow>(
        tx,
        sql`select name,
                   count(*) filter (where state in ('created', 'retry') and start_after <= now()) as waiting,
                   count(*) filter (where state = 'failed' and completed_on > now() - interval '1 hour') as failed,
                   extract(epoch from now() - min(start_after) filter (where state in ('created', 'retry') and start_after <= now())) as oldest
              from pgboss.job
             where state in ('created', 'retry') or (state = 'failed' and completed_on > now() - interval '1 hour')
             group by name`,
      );
    });
    jobsWaiting.reset();
    jobsFailed.reset();
    oldestWaiting.reset();
    for (const row of rows) {
      jobsWaiting.set({ job: row.name }, Number(row.waiting));
      jobsFailed.set({ job: row.name }, Number(row.failed));
      oldestWaiting.set({ job: row.name }, row.oldest === null ? 0 : Number(row.oldest));
    }
    queueReadAt = Date.now();
  }

  const registry = Registry.merge([processMetrics(), own]);

  return {
    registry,
    observeRequest(route, method, status, seconds) {
      requests.inc({ route, method, status: String(status) });
      durations.observe({ route, method }, seconds);
    },
    pdfsRendered,
    whatsappMessages,
    async text() {
      // A database that cannot be read leaves the queue's figures out rather than failing the scrape:
      // the process's own figures are what tell an operator why.
      await readQueue().catch(() => {
        jobsWaiting.reset();
        jobsFailed.reset();
        oldestWaiting.reset();
        queueReadAt = 0;
      });
      return registry.metrics();
    },
    contentType: registry.contentType,
  };
}
