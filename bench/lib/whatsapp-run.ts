/**
 * One run of bench/whatsapp.ts: a new PostgreSQL database, the loopback Graph API refusing beyond 80
 * messages a second, the web server (RUN_JOBS=false) and `npm run worker` as its own process, SLIPS
 * slips seeded with their PDFs, sent with POST /api/payslips/bulk-send, and the worker SIGKILLed
 * `kills` times at random moments (each time restarted at once). Answers the figures.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { WHATSAPP_BULK_SEND_MAX, type TWhatsappSendResult } from '@srpf/shared';
import { createPostgresDatabase, startLoopbackGraph } from '@srpf/test-kit';
import { openPostgres, type DatabaseHandle } from '../../apps/server/src/db/client.js';
import { signIn, startServer } from './server.js';
import { BENCH_MONTH, seedSlips } from './whatsapp-seed.js';
import { startWorker, type WorkerProcess } from './worker-process.js';

export const MESSAGES_PER_SECOND = 80;
const POLL_MS = 500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface RunOptions {
  slips: number;
  kills: number;
  postgresServer: string;
  /** WHATSAPP_UNKNOWN_OUTCOME_SECONDS: how long an attempt cut short by a kill waits for its callback. */
  unknownOutcomeSeconds: number;
  /** Give up waiting this long after the sends (or the last restart). */
  limitMs: number;
}

export interface KillFigure {
  atSeconds: number;
  /** Attempts begun and not recorded (outcome pending) when the worker died. */
  inFlight: number;
  sentBefore: number;
}

export interface RunFigures {
  slips: number;
  queued: number;
  skipped: number;
  /** From the first bulk-send to the last message the loopback accepted. */
  sendSeconds: number;
  /** From the first bulk-send until no slip was queued any more (other than those ending needs_check). */
  settledSeconds: number;
  /** Since the last restart, until every slip not ending needs_check was settled (kills only). */
  settledAfterRestartSeconds: number | null;
  received: number;
  maxInWindow: number;
  refusedForRate: number;
  /** Slips the loopback never accepted that are not queued, failed or needs_check either (e.g. shown sent). */
  lost: number;
  duplicateCallbackData: number;
  duplicateSlips: number;
  statuses: Record<string, number>;
  kills: KillFigure[];
  workerStarts: number;
  /** The worker's `whatsapp.send` jobs: how many, and their median and 95th percentile (ms). */
  sendJobs: { count: number; p50: number; p95: number };
}

type Rows = { rows: Record<string, unknown>[] };
async function rowsOf(database: DatabaseHandle, query: string): Promise<Record<string, unknown>[]> {
  const result: unknown = await database.db.execute(sql.raw(query));
  return (result as Rows).rows;
}

async function statusCounts(database: DatabaseHandle): Promise<Record<string, number>> {
  const rows = await rowsOf(
    database,
    `select status, count(*)::int as n from payslips where salary_month = '${BENCH_MONTH}' group by status`,
  );
  return Object.fromEntries(rows.map((row) => [String(row.status), Number(row.n)]));
}

export async function runWhatsappBench(options: RunOptions): Promise<RunFigures> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'srpf-bench-whatsapp-'));
  const dataDir = path.join(folder, 'data');
  const own = createPostgresDatabase(options.postgresServer, 'srpf_bench_wa');
  const graph = await startLoopbackGraph({ limits: { messagesPerSecond: MESSAGES_PER_SECOND } });
  const whatsappEnv = {
    WHATSAPP_PROVIDER: 'cloud',
    WHATSAPP_GRAPH_URL: graph.url,
    WHATSAPP_PHONE_NUMBER_ID: graph.phoneNumberId,
    WHATSAPP_ACCESS_TOKEN: graph.accessToken,
    WHATSAPP_APP_SECRET: graph.appSecret,
    WHATSAPP_VERIFY_TOKEN: 'bench-verify-token',
    WHATSAPP_PAYSLIP_TEMPLATE: 'salary_slip',
    WHATSAPP_AUTH_TEMPLATE: 'sign_in_code',
    WHATSAPP_MESSAGES_PER_SECOND: String(MESSAGES_PER_SECOND),
    WHATSAPP_DAILY_RECIPIENTS: '100000',
    WHATSAPP_UNKNOWN_OUTCOME_SECONDS: String(options.unknownOutcomeSeconds),
  };
  const server = await startServer({
    dataDir,
    databaseUrl: own.url,
    env: { ...whatsappEnv, RUN_JOBS: 'false' },
    timeoutMs: 120_000,
  });
  graph.webhookUrl = `${server.baseUrl}/api/whatsapp/webhook`;
  const database = openPostgres(own.url, 2);
  const workerEnv = { ...whatsappEnv, DATA_DIR: dataDir, DATABASE_URL: own.url };
  let worker: WorkerProcess | undefined;
  try {
    const ids = await seedSlips(database, dataDir, options.slips);
    worker = await startWorker(workerEnv);
    let workerStarts = 1;
    const jobMillis: number[][] = [worker.sendJobMillis];
    const token = await signIn(server.baseUrl);

    const started = performance.now();
    const since = () => (performance.now() - started) / 1000;
    let queued = 0;
    let skipped = 0;
    for (let first = 0; first < ids.length; first += WHATSAPP_BULK_SEND_MAX) {
      const answer = await fetch(`${server.baseUrl}/api/payslips/bulk-send`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ payslip_ids: ids.slice(first, first + WHATSAPP_BULK_SEND_MAX) }),
      });
      if (answer.status !== 200) throw new Error(`bulk-send: ${answer.status} ${(await answer.text()).slice(0, 300)}`);
      const data = ((await answer.json()) as { data: TWhatsappSendResult }).data;
      queued += data.queued.length;
      skipped += data.skipped.length;
      // A seeded slip that is skipped means the seed no longer meets the send rules: say why at once
      // rather than wait out the limit for messages that never go.
      const [firstSkipped] = data.skipped;
      if (firstSkipped) throw new Error(`bulk-send skipped slip ${firstSkipped.payslip_id}: ${firstSkipped.reason}`);
    }

    // The kills: at random moments while the slips go (once a random share, 10–80 %, has been received).
    const killAfter = Array.from({ length: options.kills }, () =>
      Math.ceil((0.1 + Math.random() * 0.7) * options.slips),
    ).sort((a, b) => a - b);
    const kills: KillFigure[] = [];
    let lastRestart = 0;
    for (const received of killAfter) {
      const giveUp = performance.now() + options.limitMs;
      while (graph.receipts.length < received && performance.now() < giveUp) await sleep(20);
      await worker.kill();
      const [pending] = await rowsOf(
        database,
        `select count(*)::int as n from whatsapp_attempts where outcome = 'pending'`,
      );
      kills.push({ atSeconds: since(), inFlight: Number(pending?.n ?? 0), sentBefore: graph.receipts.length });
      worker = await startWorker(workerEnv);
      jobMillis.push(worker.sendJobMillis);
      workerStarts++;
      lastRestart = since();
    }

    // Until no slip is queued (a needs_check one waits WHATSAPP_UNKNOWN_OUTCOME_SECONDS and the sweep's minute).
    const samples: { at: number; queued: number }[] = [];
    const deadline =
      performance.now() + options.limitMs + (options.kills > 0 ? options.unknownOutcomeSeconds * 1000 : 0);
    for (;;) {
      const counts = await statusCounts(database);
      samples.push({ at: since(), queued: counts.queued ?? 0 });
      if (!counts.queued || performance.now() > deadline) break;
      await sleep(POLL_MS);
    }
    await Promise.race([graph.settled(), sleep(30_000)]);
    await sleep(1_000);
    const statuses = await statusCounts(database);
    const waiting = (statuses.needs_check ?? 0) + (statuses.queued ?? 0);
    const settledAt = samples.find((sample) => sample.queued <= waiting)?.at ?? since();

    // Lost: a slip the loopback never accepted that the product no longer holds as queued, failed or needs_check.
    const received = new Set(graph.receipts.map((receipt) => receipt.to));
    const slipRows = await rowsOf(
      database,
      `select '91' || u.phone_number as number, p.status from payslips p join users u on u.id = p.user_id where p.salary_month = '${BENCH_MONTH}'`,
    );
    const lost = slipRows.filter(
      (row) => !received.has(String(row.number)) && !['queued', 'needs_check', 'failed'].includes(String(row.status)),
    ).length;
    const millis = jobMillis.flat().sort((a, b) => a - b);
    const at = (share: number) => millis[Math.min(millis.length - 1, Math.floor(share * millis.length))] ?? 0;
    const lastReceipt = Math.max(...graph.receipts.map((receipt) => receipt.at));
    return {
      slips: ids.length,
      queued,
      skipped,
      sendSeconds: (lastReceipt - started) / 1000,
      settledSeconds: settledAt,
      settledAfterRestartSeconds: options.kills > 0 ? settledAt - lastRestart : null,
      received: graph.receipts.length,
      maxInWindow: graph.maxInAnyWindow(1000),
      refusedForRate: graph.requests.filter((request) => request.httpStatus === 429).length,
      lost,
      duplicateCallbackData: graph.duplicateCallbackData().size,
      duplicateSlips: graph.duplicatesBy((receipt) => receipt.to).size,
      statuses,
      kills,
      workerStarts,
      sendJobs: { count: millis.length, p50: at(0.5), p95: at(0.95) },
    };
  } finally {
    await worker?.stop();
    await server.stop().catch((error: unknown) => console.error(String(error)));
    await database.close();
    await graph.close();
    own.drop();
    rmSync(folder, { recursive: true, force: true });
  }
}
