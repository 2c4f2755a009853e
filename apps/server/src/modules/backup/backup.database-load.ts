import { spawn } from 'node:child_process';
import { openAsBlob } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { openPglite } from '../../db/client.js';
import { BackupRefusal } from './backup.errors.js';
import { postgresClientArguments } from './backup.postgres-connection.js';

/**
 * Creates the embedded database in `dataDir` from PGlite's dump, opens it once (PGlite checks and
 * recovers it) and closes it. `dataDir` must not exist yet.
 */
export async function loadPglite(dataDir: string, dumpFile: string): Promise<void> {
  const database = await openPglite({ dataDir, loadDataDir: await openAsBlob(dumpFile) });
  try {
    if (!(await database.ping()))
      throw new BackupRefusal('The restored embedded database does not answer; nothing was changed.');
  } finally {
    await database.close();
  }
}

/** Every schema but PostgreSQL's own: what `--force` empties before loading. */
const EMPTY_DATABASE_SQL = `
DO $$
DECLARE schema_name text;
BEGIN
  FOR schema_name IN SELECT nspname FROM pg_namespace
    WHERE nspname NOT IN ('pg_catalog', 'information_schema') AND nspname NOT LIKE 'pg\\_toast%' AND nspname NOT LIKE 'pg\\_temp%'
  LOOP
    EXECUTE format('DROP SCHEMA %I CASCADE', schema_name);
  END LOOP;
END $$;
CREATE SCHEMA public;
`;

/**
 * Loads pg_dump's gzipped SQL through psql in one transaction: if any statement fails, the database
 * is left as it was, emptied schemas included (`replace`).
 */
export async function loadPostgres(
  connectionString: string,
  gzippedSql: Readable,
  options: { replace: boolean },
): Promise<void> {
  const { url, env } = postgresClientArguments(connectionString);
  const child = spawn(
    'psql',
    ['--no-psqlrc', '--quiet', '--set=ON_ERROR_STOP=1', '--single-transaction', `--dbname=${url}`],
    {
      env: { ...process.env, ...env },
      stdio: ['pipe', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BackupRefusal(
          error.code === 'ENOENT'
            ? 'psql was not found: install the PostgreSQL client (apt-get install postgresql-client)'
            : error.message,
        ),
      ),
    );
    child.once('close', resolve);
  });
  async function* script() {
    if (options.replace) yield Buffer.from(EMPTY_DATABASE_SQL);
    yield* gzippedSql.pipe(createGunzip());
  }
  // psql stops reading at the first error; its exit code and message tell more than the broken pipe.
  const fed = pipeline(Readable.from(script()), child.stdin).then(
    () => null,
    (error: Error) => error,
  );
  const code = await exited;
  const feedError = await fed;
  if (code !== 0)
    throw new BackupRefusal(
      `psql could not load the database (exit ${code}); the database was left as it was:\n${stderr.trim()}`,
    );
  if (feedError) throw feedError;
}
