import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import { freePort, startProcess } from './processes.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The built server (`npm run build -w packages/shared -w apps/server` first). */
export const SERVER_MAIN = path.resolve(here, '../../apps/server/dist/main.js');
/** The node options `npm start` gives the server (apps/server/node-args.json). */
export const SERVER_NODE_ARGS: readonly string[] = (JSON.parse(readFileSync(path.resolve(here, '../../apps/server/node-args.json'), 'utf8')) as { args: string[] }).args;
export const BENCH_ADMIN = { email: 'bench@srpf.test', password: 'bench-password-long' } as const;

export interface RunningServer {
  child: ChildProcess;
  pid: number;
  baseUrl: string;
}

/**
 * Starts the real server (apps/server/dist/main.js) on its own port, with the bench administrator as
 * the first administrator: on PostgreSQL when `databaseUrl` is given, else embedded PGlite in `dataDir`.
 * `env` adds or overrides variables (LOG_LEVEL, TRUST_PROXY, ACCESS_TOKEN_TTL…); `cpu` pins it with taskset;
 * `nodeArgs` come after the product's own (SERVER_NODE_ARGS), so they may override them.
 */
export async function startServer(options: { dataDir: string; databaseUrl?: string; env?: Record<string, string>; cpu?: string; timeoutMs?: number; nodeArgs?: string[] }): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl ?? '',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    ...options.env,
  };
  const child = await startProcess([...SERVER_NODE_ARGS, ...(options.nodeArgs ?? []), SERVER_MAIN], env, `${baseUrl}/api/health/live`, options.cpu, options.timeoutMs);
  return { child, pid: child.pid!, baseUrl };
}

/** Signs in over HTTP and answers the bearer access token. */
export async function signIn(baseUrl: string, credentials: { email: string; password: string } = BENCH_ADMIN): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  const body = (await response.json()) as { token?: string; must_change_password?: boolean };
  if (response.status !== 200 || !body.token) throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
  if (body.must_change_password) throw new Error('sign-in: the administrator must change their password first (use a fresh database)');
  return body.token;
}
