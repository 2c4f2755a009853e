import { signIn as signInAs, startBuiltServer, type Credentials, type RunningServer } from '@srpf/test-kit';

export type { RunningServer };
export const BENCH_ADMIN = { email: 'bench@srpf.test', password: 'bench-password-long' } as const;

/**
 * Starts the real server (apps/server/dist/main.js, through @srpf/test-kit) on its own port, with the
 * bench administrator as the first administrator: on PostgreSQL when `databaseUrl` is given, else
 * embedded PGlite in `dataDir` (the bench's to remove). `env` adds or overrides variables (LOG_LEVEL,
 * TRUST_PROXY, ACCESS_TOKEN_TTL…); `cpu` pins it with taskset; `nodeArgs` come after the product's own
 * (SERVER_NODE_ARGS), so they may override them. Its stdout is not read (it may log every request);
 * its stderr shows here. `server.stop()` stops it with SIGTERM.
 */
export function startServer(options: {
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  cpu?: string;
  timeoutMs?: number;
  nodeArgs?: string[];
}): Promise<RunningServer> {
  return startBuiltServer({
    ...options,
    timeoutMs: options.timeoutMs ?? 60_000,
    admin: BENCH_ADMIN,
    ignoreStdout: true,
    echoStderr: true,
  });
}

/** Signs in over HTTP and answers the bearer access token (the bench administrator by default). */
export function signIn(baseUrl: string, credentials: Credentials = BENCH_ADMIN): Promise<string> {
  return signInAs(baseUrl, credentials);
}
