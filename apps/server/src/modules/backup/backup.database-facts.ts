import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Manifest } from './backup.manifest.js';

/** Both drivers answer execute() with an object carrying `rows`; Drizzle's shared type does not say so. */
async function firstRow<T>(db: Database, query: SQL): Promise<T | undefined> {
  return ((await db.execute(query)) as { rows: T[] }).rows[0];
}

/**
 * What the manifest records of the dumped database: its PostgreSQL version and how far it was
 * migrated, so a restore can tell an archive of a newer release (which this one cannot run) apart.
 */
export async function describeDatabase(db: Database): Promise<Omit<Manifest['database'], 'kind'>> {
  const version = await firstRow<{ server_version: string }>(
    db,
    sql`select current_setting('server_version') as server_version`,
  );
  const table = await firstRow<{ found: string | null }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as found`,
  );
  let migrations: Manifest['database']['migrations'] = { applied: 0, latest: null };
  if (table?.found) {
    const row = await firstRow<{ applied: string | number; latest: string | number | null }>(
      db,
      sql`select count(*) as applied, max(created_at) as latest from drizzle.__drizzle_migrations`,
    );
    migrations = { applied: Number(row?.applied ?? 0), latest: row?.latest == null ? null : Number(row.latest) };
  }
  return { server_version: version?.server_version ?? 'unknown', migrations };
}
