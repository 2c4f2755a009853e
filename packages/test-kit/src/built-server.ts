import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TEST_ADMIN, type Credentials } from './credentials.js';
import { seedDemoData } from './demo-seed.js';
import { createPostgresDatabase } from './postgres-database.js';
import { appendMemoryLine } from './process-memory.js';
import { startServerProcess, type ServerProcess, type ServerProcessOptions } from './server-process.js';

/**
 * The product as `npm start` runs it (apps/server/dist/main.js, its node options), on a free port,
 * with a first administrator, on a data folder and database of its own; stopped with SIGTERM, which
 * it must survive cleanly. Used by the browser tests (e2e/lib/server.ts) and the benches.
 */

export interface BuiltServerOptions extends Pick<
  ServerProcessOptions,
  'entry' | 'nodeArgs' | 'cpu' | 'timeoutMs' | 'readyLine' | 'keepLines' | 'echoStderr' | 'ignoreStdout'
> {
  /** DATA_DIR; kept on stop. Default: a fresh temporary folder (named with `dataDirPrefix`), removed on stop. */
  dataDir?: string;
  dataDirPrefix?: string;
  /** A PostgreSQL database to use as it is. */
  databaseUrl?: string;
  /** A PostgreSQL server (postgres://user@host:port) on which a database of this server's own is created, and dropped on stop. */
  postgresServer?: string;
  /** The first administrator (ADMIN_EMAIL, ADMIN_PASSWORD). Default TEST_ADMIN. */
  admin?: Credentials;
  /** More environment, or other values for the defaults (LOG_LEVEL warn, …). */
  env?: Record<string, string>;
  /** A first start creates the administrator, the demo data is added, and the server starts again (the embedded database admits one process at a time). */
  seedDemo?: boolean;
  /** On stop, appends the server's resident memory (now and at its highest) to this file as a JSON line. */
  memoryLog?: string;
}

export interface RunningServer extends ServerProcess {
  dataDir: string;
  /** The PostgreSQL database; undefined on the embedded one (DATA_DIR/db). */
  databaseUrl: string | undefined;
  admin: Credentials;
  /** SIGTERM; fails unless the server exits with 0. Then drops a database and removes a data folder the kit made. */
  stop(): Promise<void>;
}

export async function startBuiltServer(options: BuiltServerOptions = {}): Promise<RunningServer> {
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), options.dataDirPrefix ?? 'srpf-test-'));
  const ownDatabase = options.postgresServer ? createPostgresDatabase(options.postgresServer) : undefined;
  const databaseUrl = ownDatabase?.url ?? options.databaseUrl;
  const admin = options.admin ?? TEST_ADMIN;
  const processOptions: ServerProcessOptions = {
    ...options,
    env: {
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
  };
  const cleanUp = () => {
    ownDatabase?.drop();
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  let server: ServerProcess;
  try {
    if (options.seedDemo) {
      await stopCleanly(await startServerProcess(processOptions));
      await seedDemoData(dataDir, databaseUrl);
    }
    server = await startServerProcess(processOptions);
  } catch (error) {
    cleanUp();
    throw error;
  }
  return {
    ...server,
    dataDir,
    databaseUrl,
    admin,
    async stop() {
      try {
        if (options.memoryLog && server.running())
          appendMemoryLine(options.memoryLog, server.pid, databaseUrl ? 'postgres' : 'pglite');
        await stopCleanly(server);
      } finally {
        cleanUp();
      }
    },
  };
}

async function stopCleanly(server: ServerProcess): Promise<void> {
  if (!server.running()) return;
  const code = await server.terminate();
  if (code !== 0) throw new Error(`the server exited with ${code} on SIGTERM:\n${server.output()}`);
}
