import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '@srpf/test-kit';
import type { DatabaseHandle } from './db/client.js';
import { createJobRunner } from './lib/jobs/job-runner.js';
import { waitFor } from './lib/jobs/test-support.js';
import { createLogger } from './lib/logger.js';
import { AUTH_PURGE_JOB, AUTH_PURGE_OPTIONS } from './modules/auth/auth.purge.js';
import { openTestDatabase } from './test/test-database.js';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const WORKER = fileURLToPath(new URL('./worker.ts', import.meta.url));

let database: DatabaseHandle | undefined;
afterAll(() => database?.close());

/** `npm run worker`'s program, with this environment (and no DATABASE_URL unless given). */
function startWorker(env: Record<string, string>) {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', WORKER], {
    cwd: REPO_ROOT,
    env: { ...inherited, LOG_LEVEL: 'info', JWT_SECRET: 'worker-test-secret-that-is-long-enough', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

it('refuses to start without DATABASE_URL, naming it: the embedded database is one process', async () => {
  const worker = startWorker({ DATA_DIR: '/nonexistent' });
  expect(await worker.exited).toBe(1);
  expect(worker.output()).toContain('DATABASE_URL');
}, 60_000);

it('works the jobs the web server enqueues, on the same PostgreSQL server', async () => {
  database = await openTestDatabase();
  if (database.kind !== 'postgres') {
    // The embedded run of the suite has no server to share; the refusal above is what it can show.
    expect(database.kind).toBe('pglite');
    return;
  }
  const metricsPort = await freePort();
  const worker = startWorker({ DATABASE_URL: database.connectionString, METRICS_PORT: String(metricsPort) });
  try {
    await waitFor(async () => worker.output().includes('worker ready') || null, 30_000);
    // The web server's side: a runner that only enqueues.
    const web = createJobRunner({ database, logger: createLogger('silent'), work: false });
    web.define(AUTH_PURGE_JOB, async () => ({}), AUTH_PURGE_OPTIONS);
    await web.start();
    const id = await web.enqueue(database.db, AUTH_PURGE_JOB, {});
    const done = await waitFor(async () => {
      const job = await web.getJob(AUTH_PURGE_JOB, id!);
      return job?.state === 'completed' ? job : null;
    }, 30_000);
    expect(done.output).toEqual({ refreshTokens: 0, loginAttempts: 0, knownAddresses: 0 });
    await web.stop();

    // The worker's own metrics on METRICS_PORT (loopback): its pool, the shared queue, Node's event loop.
    const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('content-type')).toContain('text/plain');
    const text = await scraped.text();
    expect(text).toMatch(/^srpf_db_pool_connections\{state="in_use"\} \d+$/m);
    expect(text).toContain('# TYPE srpf_jobs_waiting gauge');
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/api/users`)).status).toBe(404);

    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
  } finally {
    if (worker.child.exitCode === null) worker.child.kill('SIGKILL');
  }
}, 90_000);
