import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '@srpf/test-kit';

/** The embedded database of a stopped built server, as its own opener gives it. */
export interface EmbeddedDatabase {
  pglite: { query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }> };
  close(): Promise<void>;
}

/**
 * Opens the embedded database in a server's data folder through the built server's own opener (so the
 * files keep their modes). The server must be stopped: the embedded database admits one process at a time.
 */
export async function openEmbeddedDatabase(dataDir: string): Promise<EmbeddedDatabase> {
  const client = (await import(pathToFileURL(path.join(REPO_ROOT, 'apps/server/dist/db/client.js')).href)) as {
    openPglite(options: { dataDir: string }): Promise<EmbeddedDatabase>;
  };
  return client.openPglite({ dataDir: path.join(dataDir, 'db') });
}

/** Runs `work` on the stopped server's database and closes it again, whatever happens. */
export async function withEmbeddedDatabase<T>(dataDir: string, work: (database: EmbeddedDatabase) => Promise<T>) {
  const database = await openEmbeddedDatabase(dataDir);
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}
