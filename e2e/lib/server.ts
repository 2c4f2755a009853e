import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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
  halt(): Promise<void>;
}

/** Starts `node apps/server/dist/main.js` on a data folder and waits for its live check. */
async function launch(dataDir: string, env: Record<string, string>): Promise<Process> {
  const port = await freePort();
  let log = '';
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
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
    async halt() {
      if (child.exitCode !== null) return;
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      const code = await exited;
      if (code !== 0) throw new Error(`Server exited with ${code} on SIGTERM:\n${log}`);
    },
  };
}

/** Adds the demo data (`npm run seed:demo`, built) to a data folder no server has open. */
function seedDemo(dataDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/seed/demo.js')], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
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
export async function startServer(env: Record<string, string> = {}, options: { seed?: boolean } = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'srpf-e2e-'));
  if (options.seed) {
    await (await launch(dataDir, env)).halt();
    await seedDemo(dataDir);
  }
  const running = await launch(dataDir, env);
  return {
    baseUrl: running.baseUrl,
    dataDir,
    output: running.output,
    async stop() {
      await running.halt();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
