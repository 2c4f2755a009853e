import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ADMIN = { email: 'e2e.admin@srpf.test', password: 'E2e-admin-password-2026' };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  output: () => string;
  stop(): Promise<void>;
}

interface Process {
  baseUrl: string;
  output: () => string;
  /** `measured`: this server served tests (its memory goes to SRPF_E2E_MEMORY_LOG). */
  halt(measured?: boolean): Promise<void>;
}

/**
 * For `npm run bench:server-memory` (bench/server-memory.ts): with SRPF_E2E_MEMORY_LOG, each server's
 * resident memory (now and at its highest) is appended to that file as it is stopped; with
 * SRPF_E2E_POSTGRES (a PostgreSQL server's URL, e.g. postgres://postgres@127.0.0.1:5432) each server
 * gets a database of its own there instead of the embedded one.
 */
const MEMORY_LOG = process.env.SRPF_E2E_MEMORY_LOG;
const POSTGRES = process.env.SRPF_E2E_POSTGRES;

function logMemory(pid: number | undefined): void {
  if (!MEMORY_LOG || pid === undefined) return;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kB = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? Number.NaN);
  appendFileSync(MEMORY_LOG, `${JSON.stringify({ database: POSTGRES ? 'postgres' : 'pglite', rssKb: kB('VmRSS'), peakKb: kB('VmHWM') })}\n`);
}

/** A database of its own on SRPF_E2E_POSTGRES, and how to drop it. */
function postgresDatabase(): { url: string; drop(): void } | null {
  if (!POSTGRES) return null;
  const server = new URL(POSTGRES);
  const name = `srpf_e2e_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const args = ['-h', server.hostname, '-p', server.port || '5432', '-U', decodeURIComponent(server.username) || 'postgres'];
  const created = spawnSync('createdb', [...args, name], { stdio: 'inherit' });
  if (created.status !== 0) throw new Error(`createdb ${name} failed`);
  server.pathname = `/${name}`;
  return { url: server.toString(), drop: () => void spawnSync('dropdb', [...args, '--if-exists', '--force', name], { stdio: 'inherit' }) };
}

/**
 * The node options `npm start` gives the server (apps/server/node-args.json), then any the memory
 * bench tries (`SRPF_E2E_NODE_ARGS`, separated by spaces).
 */
const serverNodeArgs = [
  ...(JSON.parse(readFileSync(path.join(root, 'apps/server/node-args.json'), 'utf8')) as { args: string[] }).args,
  ...(process.env.SRPF_E2E_NODE_ARGS ?? '').split(' ').filter(Boolean),
];

/** Starts `node apps/server/dist/main.js` on a data folder, as `npm start` does, and waits for its live check. */
async function launch(dataDir: string, env: Record<string, string>): Promise<Process> {
  const port = await freePort();
  let log = '';
  const child = spawn(process.execPath, [...serverNodeArgs, path.join(root, 'apps/server/dist/main.js')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited early:\n${log}`);
    const live = await fetch(`${baseUrl}/api/health/live`).catch(() => null);
    if (live?.ok) break;
    if (Date.now() > deadline) throw new Error(`Server did not start in 120 s:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    output: () => log,
    /** SIGTERM, as a service manager stops it: the server must finish and exit cleanly. */
    async halt(measured = true) {
      if (child.exitCode !== null) return;
      if (measured) logMemory(child.pid);
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      const code = await exited;
      if (code !== 0) throw new Error(`Server exited with ${code} on SIGTERM:\n${log}`);
    },
  };
}

/** Adds the demo data (`npm run seed:demo`, built) to a data folder no server has open. */
function seedDemo(dataDir: string, databaseUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/seed/demo.js')], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seed:demo exited with ${code}`))));
  });
}

/**
 * The built product on a fresh data folder and a free port, as `npm start` runs it. With `seed`,
 * a first start creates the administrator, the demo data is added, and the server starts again
 * (the embedded database admits one process at a time).
 */
export async function startServer(givenEnv: Record<string, string> = {}, options: { seed?: boolean } = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'srpf-e2e-'));
  const database = postgresDatabase();
  const env = database ? { ...givenEnv, DATABASE_URL: database.url } : givenEnv;
  if (options.seed) {
    await (await launch(dataDir, env)).halt(false);
    await seedDemo(dataDir, env.DATABASE_URL ?? '');
  }
  const running = await launch(dataDir, env);
  return {
    baseUrl: running.baseUrl,
    dataDir,
    output: running.output,
    async stop() {
      await running.halt();
      database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
