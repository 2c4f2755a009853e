import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startServerProcess, type ServerProcess } from '@srpf/test-kit';
import { expect, inject } from 'vitest';
import { openPglite, type DatabaseHandle } from '../db/client.js';
import { multipartBody, type MultipartPart } from './multipart.js';
import { openTestDatabase } from './test-database.js';

/**
 * The real server as a process, for the crash tests: src/main.ts started through tsx (as the other
 * process tests run it; @srpf/test-kit's startServerProcess) on a DATA_DIR of the test's own, killed
 * with SIGKILL or stopped with SIGTERM, and started again on the same folder; requests reach it over
 * real connections.
 *
 * The embedded database is opened by one process at a time, so a test reads its rows between two
 * runs of the server (`withDatabase`); on PostgreSQL (TEST_DATABASE_URL) the server and the test
 * share a database, readable at any time.
 */

const READY_LINE = '"srpf-dashboard ready"';
const READY_WITHIN_MS = 90_000;

/** The first administrator every crash test's server creates, and signs in as. */
export const CRASH_ADMIN = { email: 'crash.admin@srpf.test', password: 'Crash-test-password-1' };

export type { ServerProcess };
export { freePort } from '@srpf/test-kit';

export interface StartOptions {
  dataDir: string;
  /** PostgreSQL; the embedded database in DATA_DIR/db when absent. */
  databaseUrl?: string;
  /** More environment, or other values for the defaults (IDLE_TIMEOUT_SECONDS, JWT_SECRET…). */
  env?: Record<string, string>;
}

/** Starts src/main.ts and resolves once it listens: after its migrations, its start-up sweep of temporary files and its drain of file removals. */
export function startServer(options: StartOptions): Promise<ServerProcess> {
  return startServerProcess({
    entry: 'source',
    readyLine: READY_LINE,
    keepLines: true,
    timeoutMs: READY_WITHIN_MS,
    env: {
      DATA_DIR: options.dataDir,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      LOG_LEVEL: 'info',
      JWT_SECRET: 'crash-test-secret-that-is-long-enough-to-sign',
      ADMIN_EMAIL: CRASH_ADMIN.email,
      ADMIN_PASSWORD: CRASH_ADMIN.password,
      API_RATE_LIMIT: '100000',
      ANSWER_CACHE_SECONDS: '0',
      ...options.env,
    },
  });
}

export const isRunning = (running: ServerProcess | undefined): running is ServerProcess =>
  running !== undefined && running.running();

/** SIGKILL: the process ends on the spot, whatever it was doing. */
export async function kill(running: ServerProcess): Promise<void> {
  await running.kill();
}

/** SIGTERM: the server finishes its requests and closes the database, so a test may open it. */
export async function stop(running: ServerProcess): Promise<void> {
  expect(await running.terminate()).toBe(0);
}

export interface Answer {
  status: number;
  body: Buffer;
  json<T>(): T;
}

export interface CallOptions {
  token?: string;
  json?: unknown;
  multipart?: MultipartPart[];
  /** Sends the body slowly: this many bytes, then a pause, and so on (a kill then lands mid-stream). */
  pace?: { chunkBytes: number; pauseMs: number };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function sendPaced(
  request: http.ClientRequest,
  payload: Buffer,
  pace: NonNullable<CallOptions['pace']>,
): Promise<void> {
  for (let offset = 0; offset < payload.length; offset += pace.chunkBytes) {
    if (request.destroyed) return;
    request.write(payload.subarray(offset, offset + pace.chunkBytes));
    await pause(pace.pauseMs);
  }
  if (!request.destroyed) request.end();
}

/**
 * One request on a connection of its own (no keep-alive: the server it talked to may be dead).
 * Rejects when the connection breaks before the whole answer has arrived.
 */
export function call(running: ServerProcess, method: string, url: string, options: CallOptions = {}): Promise<Answer> {
  const form = options.multipart ? multipartBody(options.multipart) : undefined;
  const payload = options.json !== undefined ? Buffer.from(JSON.stringify(options.json)) : form?.payload;
  const headers: Record<string, string> = {
    ...(options.json !== undefined ? { 'content-type': 'application/json' } : {}),
    ...(form?.headers ?? {}),
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...(payload ? { 'content-length': String(payload.length) } : {}),
  };
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port: running.port, method, path: url, headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('close', () => {
          if (!response.complete) reject(new Error(`the answer to ${method} ${url} was cut off`));
        });
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: response.statusCode ?? 0, body, json: <T>() => JSON.parse(body.toString()) as T });
        });
      },
    );
    request.on('error', reject);
    if (payload && options.pace) void sendPaced(request, payload, options.pace);
    else request.end(payload);
  });
}

export async function expectStatus(answer: Promise<Answer>, status: number): Promise<Answer> {
  const done = await answer;
  expect(done.status, done.body.toString().slice(0, 500)).toBe(status);
  return done;
}

/** Signs in as CRASH_ADMIN and answers the bearer token. */
export async function signIn(running: ServerProcess): Promise<string> {
  const login = await expectStatus(call(running, 'POST', '/api/auth/login', { json: CRASH_ADMIN }), 200);
  return login.json<{ token: string }>().token;
}

/**
 * A DATA_DIR of one test file, with the database its servers use: on PostgreSQL (TEST_DATABASE_URL)
 * a new database, shared with the test; otherwise the embedded one in DATA_DIR/db, filled from the
 * migrated snapshot the other tests start from (the server's own migrations then find nothing to do).
 */
export interface ServerSandbox {
  dataDir: string;
  /** DATA_DIR/files: the stored files, temporary ones in tmp/. */
  filesRoot: string;
  /** The PostgreSQL database the servers and the test share; undefined on the embedded database. */
  readonly shared: DatabaseHandle | undefined;
  /** Creates the database; once, before the first start. */
  prepare(): Promise<void>;
  /** Starts a server on this DATA_DIR and database. */
  start(env?: Record<string, string>): Promise<ServerProcess>;
  /** Reads the rows: PostgreSQL at any time, the embedded database only while no server runs. */
  withDatabase<T>(read: (db: DatabaseHandle['db']) => Promise<T>): Promise<T>;
  /** Kills a server still running (a failed test), closes the database, removes DATA_DIR. */
  dispose(): Promise<void>;
}

export function serverSandbox(prefix: string, env: Record<string, string> = {}): ServerSandbox {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  let shared: DatabaseHandle | undefined;
  let latest: ServerProcess | undefined;
  const connectionString = () => (shared?.kind === 'postgres' ? shared.connectionString : undefined);

  return {
    dataDir,
    filesRoot: path.join(dataDir, 'files'),
    get shared() {
      return shared;
    },
    async prepare() {
      if (process.env.TEST_DATABASE_URL) {
        shared = await openTestDatabase();
        return;
      }
      const fresh = await openPglite({
        dataDir: path.join(dataDir, 'db'),
        loadDataDir: new Blob([readFileSync(inject('pgliteSnapshot'))]),
      });
      await fresh.close();
    },
    async start(more = {}) {
      const databaseUrl = connectionString();
      latest = await startServer({ dataDir, ...(databaseUrl ? { databaseUrl } : {}), env: { ...env, ...more } });
      return latest;
    },
    async withDatabase(read) {
      if (shared) return read(shared.db);
      const embedded = await openPglite({ dataDir: path.join(dataDir, 'db') });
      try {
        return await read(embedded.db);
      } finally {
        await embedded.close();
      }
    },
    async dispose() {
      if (isRunning(latest)) await kill(latest);
      await shared?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
