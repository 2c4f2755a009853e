import { readdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { FILES_FOLDER } from './backup.manifest.js';
import { listStoredFiles } from './backup.stored-files.js';

/** Where a restore writes: DATA_DIR (its embedded database unless DATABASE_URL names a server, and its files). */
export interface RestoreTarget {
  dataDir: string;
  databaseUrl?: string;
}

/** The embedded database's folder in DATA_DIR (db/client.ts opens it there). */
export const PGLITE_FOLDER = 'db';

async function isNonEmptyFolder(folder: string): Promise<boolean> {
  try {
    return (await readdir(folder)).length > 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** Schemas of a PostgreSQL database that hold anything, with their relation counts; PostgreSQL's own left out. */
async function occupiedSchemas(client: pg.Client): Promise<string[]> {
  const result = await client.query<{ schema: string; relations: string }>(`
    SELECT n.nspname AS schema, count(c.oid) AS relations
    FROM pg_namespace n LEFT JOIN pg_class c ON c.relnamespace = n.oid
    WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp%'
    GROUP BY n.nspname ORDER BY n.nspname`);
  return result.rows
    .filter((row) => row.schema !== 'public' || Number(row.relations) > 0)
    .map((row) => `${row.schema} (${row.relations} tables, sequences or views)`);
}

export interface TargetState {
  /** What the target already holds; a restore without --force refuses unless this is empty. */
  contents: string[];
  /** Other sessions on the target database (a running server): a restore never goes on beside them. */
  otherSessions: number;
}

export async function inspectTarget(target: RestoreTarget): Promise<TargetState> {
  const contents: string[] = [];
  let otherSessions = 0;
  const stored = await listStoredFiles(path.join(target.dataDir, FILES_FOLDER));
  const storedCount = stored.files.length + stored.skipped.length;
  if (storedCount > 0) contents.push(`${storedCount} stored files in ${path.join(target.dataDir, FILES_FOLDER)}`);
  if (!target.databaseUrl) {
    const folder = path.join(target.dataDir, PGLITE_FOLDER);
    if (await isNonEmptyFolder(folder)) contents.push(`an embedded database in ${folder}`);
    return { contents, otherSessions };
  }
  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  try {
    const schemas = await occupiedSchemas(client);
    if (schemas.length > 0) contents.push(`the database holds schemas ${schemas.join(', ')}`);
    const sessions = await client.query<{ count: string }>(
      `SELECT count(*) AS count FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
    );
    otherSessions = Number(sessions.rows[0]?.count ?? 0);
  } finally {
    await client.end();
  }
  return { contents, otherSessions };
}
