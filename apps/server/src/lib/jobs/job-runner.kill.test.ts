import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, inject, it } from 'vitest';
import { openPglite, type DatabaseHandle } from '../../db/client.js';
import { openTestDatabase } from '../../test/test-database.js';
import { createLogger } from '../logger.js';
import { HANGING_JOB, HANGING_JOB_OPTIONS } from './fixtures/hanging-job.js';
import { createJobRunner, type JobRunner } from './job-runner.js';
import { TEST_TIMINGS, waitFor } from './test-support.js';

const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const WORKER = fileURLToPath(new URL('./fixtures/hanging-worker.ts', import.meta.url));

let database: DatabaseHandle | undefined;
let runner: JobRunner | undefined;
let dataDir: string | undefined;
let worker: ChildProcess | undefined;

afterAll(async () => {
  // Only when the test failed before killing it.
  if (worker && worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
  await runner?.stop({ timeoutMs: 1000 });
  await database?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the hanging worker and resolves with its job's id once the handler is running. */
function startDoomedWorker(env: Record<string, string>) {
  // node itself, not npx: the signal must reach the process holding the job, not a launcher.
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', WORKER], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  worker = child;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const started = new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the worker ended (${code}) before its job started`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith('{"started":')) resolve((JSON.parse(line) as { started: string }).started);
    });
  });
  return { child, exited, started };
}

it('picks up the job of a killed worker again within 60 s', async () => {
  // An embedded database is opened by one process at a time: the worker gets a data directory of
  // its own, which this test opens once the worker is dead. PostgreSQL is shared as usual.
  if (process.env.TEST_DATABASE_URL) database = await openTestDatabase();
  else dataDir = mkdtempSync(path.join(os.tmpdir(), 'srpf-jobs-kill-'));
  const env: Record<string, string> =
    database?.kind === 'postgres'
      ? { JOB_DATABASE_URL: database.connectionString }
      : { JOB_DATA_DIR: dataDir!, JOB_SNAPSHOT: inject('pgliteSnapshot') };

  const doomed = startDoomedWorker(env);
  const jobId = await doomed.started;
  doomed.child.kill('SIGKILL');
  await doomed.exited;
  const killedAt = Date.now();

  database ??= await openPglite({ dataDir });
  runner = createJobRunner({ database, logger: createLogger('silent'), timings: TEST_TIMINGS });
  runner.define(HANGING_JOB, async (_data, job) => ({ finishedOnAttempt: job.attempt }), HANGING_JOB_OPTIONS);
  await runner.start();

  const job = await waitFor(async () => {
    const found = await runner!.getJob(HANGING_JOB, jobId);
    return found?.state === 'completed' ? found : null;
  }, 60_000);
  expect(Date.now() - killedAt).toBeLessThan(60_000);
  expect(job.retryCount).toBe(1);
  expect(job.output).toEqual({ finishedOnAttempt: 1 });
}, 120_000);
