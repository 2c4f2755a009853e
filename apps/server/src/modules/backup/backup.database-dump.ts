import { spawn } from 'node:child_process';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import { BackupRefusal } from './backup.errors.js';
import { copyPgliteDataFolder, tarFolder } from './backup.pglite-snapshot.js';
import { postgresClientArguments } from './backup.postgres-connection.js';

/**
 * The embedded database's data folder as a gzipped tar. On disk (the server's), the folder is copied
 * into `scratch` while PGlite runs no statement (pglite-snapshot.ts), then packed and compressed from
 * there, on zlib's threads, while requests go on. PGlite's own dumpDataDir() would build the whole
 * folder, recycled log segments included (715 MB for the bench's 100,000 documents), in memory while
 * holding its lock (4.8 s there); it remains the way for a database in memory (tests), which has no
 * folder. The restore hands either to PGlite's loadDataDir.
 */
export async function dumpPglite(pglite: PGlite, scratch: string): Promise<Readable> {
  const folder = pglite.dataDir;
  if (folder === undefined || folder.includes('://')) {
    await pglite.exec('CHECKPOINT');
    const tarball = await pglite.dumpDataDir('none');
    return Readable.fromWeb(tarball.stream() as import('node:stream/web').ReadableStream<Uint8Array>).pipe(
      createGzip(),
    );
  }
  await copyPgliteDataFolder(pglite, folder, scratch);
  return Readable.from(tarFolder(scratch)).pipe(createGzip());
}

/** pg_dump's exit, with what it wrote to stderr when it failed. */
function exitOf(child: ReturnType<typeof spawn>, describe: () => string): Promise<void> {
  const exited = new Promise<void>((resolve, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BackupRefusal(
          error.code === 'ENOENT'
            ? "pg_dump was not found: install the PostgreSQL client (apt-get install postgresql-client) of your server's version or newer"
            : error.message,
        ),
      ),
    );
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new BackupRefusal(`pg_dump failed (exit ${code}): ${describe()}`)),
    );
  });
  // Awaited at the end of the dump; until then a failure must not count as unhandled.
  exited.catch(() => undefined);
  return exited;
}

/**
 * A PostgreSQL server's database as pg_dump's plain SQL (one consistent snapshot, taken while the
 * server goes on working), gzipped. Owners and grants are left out, so it restores into a database
 * owned by another role. The password travels in the environment, never on a command line others see.
 */
export function dumpPostgres(connectionString: string): Readable {
  async function* gzipped() {
    const { url, env } = postgresClientArguments(connectionString);
    const child = spawn('pg_dump', ['--format=plain', '--no-owner', '--no-privileges', `--dbname=${url}`], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = exitOf(child, () => stderr.trim());
    try {
      yield* child.stdout.pipe(createGzip());
      await exited;
    } finally {
      if (child.exitCode === null) child.kill();
    }
  }
  return Readable.from(gzipped());
}
