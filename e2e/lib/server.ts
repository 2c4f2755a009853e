import { startBuiltServer, type RunningServer } from '@srpf/test-kit';

export type { RunningServer };
export const ADMIN = { email: 'e2e.admin@srpf.test', password: 'E2e-admin-password-2026' };

/**
 * For `npm run bench:server-memory` (bench/server-memory.ts), which runs this suite with:
 * SRPF_E2E_MEMORY_LOG, a file each server's resident memory (now and at its highest) is appended to
 * as it is stopped; SRPF_E2E_POSTGRES, a PostgreSQL server's URL (e.g. postgres://postgres@127.0.0.1:5432)
 * on which each server gets a database of its own instead of the embedded one; SRPF_E2E_NODE_ARGS,
 * node options (separated by spaces) after the product's own.
 */
const MEMORY_LOG = process.env.SRPF_E2E_MEMORY_LOG;
const POSTGRES = process.env.SRPF_E2E_POSTGRES;
const NODE_ARGS = (process.env.SRPF_E2E_NODE_ARGS ?? '').split(' ').filter(Boolean);

/**
 * The built product on a fresh data folder and a free port, as `npm start` runs it (@srpf/test-kit).
 * With `seed`, the demo data is added before the server the tests use starts.
 */
export function startServer(
  env: Record<string, string> = {},
  options: { seed?: boolean } = {},
): Promise<RunningServer> {
  return startBuiltServer({
    admin: ADMIN,
    dataDirPrefix: 'srpf-e2e-',
    env,
    nodeArgs: NODE_ARGS,
    seedDemo: options.seed ?? false,
    ...(POSTGRES ? { postgresServer: POSTGRES } : {}),
    ...(MEMORY_LOG ? { memoryLog: MEMORY_LOG } : {}),
  });
}
