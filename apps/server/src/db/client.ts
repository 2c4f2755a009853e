import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import v8 from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { OWNER_ONLY_FOLDER, tightenToOwner } from '../lib/owner-only.js';
import { OwnerOnlyNodeFS } from './pglite-owner-only-fs.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** One type for both drivers: services never know which PostgreSQL they talk to. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take either the database or a transaction passed down from the service. */
export type Executor = Database | Transaction;

interface DatabaseHandleBase {
  db: Database;
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * An open database and what else needs to reach it besides Drizzle: the job runner and the change
 * feed share the embedded instance (it is one connection, and one process may open it), and on a
 * real server open connections of their own (a LISTEN needs a session to itself).
 */
export type DatabaseHandle = DatabaseHandleBase &
  (
    | { kind: 'pglite'; pglite: PGlite }
    | {
        kind: 'postgres';
        connectionString: string;
        /** The pool's connections now (the metrics read them). */
        poolStats?: () => { total: number; idle: number; waiting: number };
      }
  );

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/**
 * PostgreSQL settings of the embedded database, chosen for its memory (docs/PERFORMANCE.md, "The
 * embedded database's memory"): PGlite runs PostgreSQL inside one WebAssembly memory, which grows
 * to the most the database ever used and never shrinks, so every buffer PostgreSQL may fill stays
 * resident for the life of the process.
 */
export const PGLITE_SETTINGS: readonly string[] = [
  // PostgreSQL's 128MB buffer pool is resident from the start; the data files stay in the OS's
  // page cache either way, so a buffer miss costs a copy, not a disk read.
  'shared_buffers=16MB',
  // What CREATE INDEX (the migrations) and VACUUM may use: the largest index is built on a new table.
  'maintenance_work_mem=16MB',
  'temp_buffers=2MB',
];

/**
 * V8 recompiles a WebAssembly function with its optimising compiler once it has run about this many
 * bytes of code. With V8's default (1.8 million) most of PostgreSQL is soon compiled twice, and the
 * optimised copy stays resident (≈ 45 MB); at 20 million only the hot functions are, and queries
 * run as fast (docs/PERFORMANCE.md). Set before PGlite's module is instantiated, unless `node` was
 * started with its own `--wasm-tiering-budget`.
 */
const WASM_TIERING_BUDGET = 20_000_000;

function limitWasmTierUp(): void {
  if (!process.execArgv.some((argument) => argument.startsWith('--wasm-tiering-budget'))) {
    v8.setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
  }
}

/**
 * Makes a new data directory (PostgreSQL's initdb) in a short-lived Node process of its own: PGlite
 * runs initdb in a second WebAssembly instance, and the process that ran it keeps ≈ 170 MB more
 * resident for good (docs/PERFORMANCE.md). That process's plain PGlite writes initdb's files 0666,
 * inside the folder only the owner may enter; they are made owner-only before the database opens.
 */
async function initDataDirApart(dataDir: string): Promise<void> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  const script = `const { PGlite } = await import(${JSON.stringify(import.meta.resolve('@electric-sql/pglite'))});
const db = await PGlite.create({ dataDir: process.argv[1] });
await db.close();`;
  await promisify(execFile)(process.execPath, ['--input-type=module', '--eval', script, dataDir]);
  await tightenToOwner(dataDir);
}

/**
 * Embedded PostgreSQL: a data directory, or in memory; `loadDataDir` restores a snapshot (tests).
 * `settings` (`name=value`) come after PGLITE_SETTINGS and win over them.
 */
export async function openPglite(
  options: { dataDir?: string; loadDataDir?: Blob; settings?: readonly string[] } = {},
): Promise<DatabaseHandle> {
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true, mode: OWNER_ONLY_FOLDER });
    chmodSync(options.dataDir, OWNER_ONLY_FOLDER);
    if (!options.loadDataDir) await initDataDirApart(options.dataDir);
  }
  const settings = [...PGLITE_SETTINGS, ...(options.settings ?? [])];
  limitWasmTierUp();
  const client = await PGlite.create({
    // On disk, what PostgreSQL writes is the server's user's alone (db/pglite-owner-only-fs.ts).
    ...(options.dataDir ? { fs: new OwnerOnlyNodeFS(options.dataDir) } : {}),
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...settings.flatMap((setting) => ['-c', setting])],
  });
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: () => ping(db),
    close: () => client.close(),
  };
}

/** Any fixed number: the advisory lock that lets one process at a time migrate (the server and `npm run worker` start together). */
const MIGRATION_LOCK = 727_001;

/** Runs the migrations while holding a session-level advisory lock on a connection of its own. */
async function migrateLocked(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const holder = await pool.connect();
  try {
    await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate();
  } finally {
    await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    holder.release();
  }
}

export function openPostgres(connectionString: string, poolSize = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle connection can fail (the server restarts, an administrator ends it). Without a
  // listener that error would crash the process; the pool replaces the connection on next use.
  pool.on('error', (error: Error & { code?: string }) => {
    if (error.code !== '57P01') process.stderr.write(`PostgreSQL connection error: ${error.message}\n`);
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    connectionString,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    migrate: () => migrateLocked(pool, () => migratePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER })),
    ping: () => ping(db),
    close: () => pool.end(),
  };
}

export async function openDatabase(config: {
  databaseUrl?: string;
  dataDir: string;
  pgliteSettings?: readonly string[];
}): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPglite({ dataDir: path.join(config.dataDir, 'db'), settings: config.pgliteSettings });
}
