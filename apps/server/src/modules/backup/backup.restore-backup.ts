import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { OWNER_ONLY_FILE, OWNER_ONLY_FOLDER } from '../../lib/owner-only.js';
import { readEntry, verifyArchive, type ArchiveEntry, type VerifiedArchive } from './backup.archive-reader.js';
import { BackupRefusal, DamagedArchive } from './backup.errors.js';
import { loadPglite, loadPostgres } from './backup.database-load.js';
import { FILES_FOLDER, type Manifest } from './backup.manifest.js';
import { assertRestorableHere } from './backup.release-check.js';
import { PGLITE_FOLDER, inspectTarget, type RestoreTarget } from './backup.restore-target.js';

export type { RestoreTarget } from './backup.restore-target.js';

export interface RestoreOutcome {
  manifest: Manifest;
  files: number;
}

/** Copies an entry to a file, checking its SHA-256 again on the way: the archive may change after it was verified. */
async function extract(archive: string, entry: ArchiveEntry, sha256: string, destination: string): Promise<void> {
  await mkdir(path.dirname(destination), { recursive: true, mode: OWNER_ONLY_FOLDER });
  const hash = createHash('sha256');
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  await pipeline(
    readEntry(archive, entry),
    tap,
    createWriteStream(destination, { flags: 'wx', mode: OWNER_ONLY_FILE }),
  );
  if (hash.digest('hex') !== sha256)
    throw new DamagedArchive(archive, `${entry.name} changed while it was being restored`);
}

async function exists(target: string): Promise<boolean> {
  try {
    await stat(target);
    return true;
  } catch {
    return false;
  }
}

/** Puts a staged folder in place of DATA_DIR's, moving the one there (if any) aside into the staging folder. */
async function swapIn(staging: string, dataDir: string, folder: string): Promise<void> {
  const current = path.join(dataDir, folder);
  if (await exists(current)) await rename(current, path.join(staging, `replaced-${folder}`));
  await rename(path.join(staging, folder), current);
}

function refuseMismatch(verified: VerifiedArchive, target: RestoreTarget): void {
  const kind = verified.manifest.database.kind;
  if (kind === 'pglite' && target.databaseUrl) {
    throw new BackupRefusal(
      'The archive holds an embedded database (PGlite); it restores into DATA_DIR without DATABASE_URL. Nothing was changed.',
    );
  }
  if (kind === 'postgres' && !target.databaseUrl) {
    throw new BackupRefusal(
      "The archive holds a PostgreSQL server's database; set DATABASE_URL to the (empty) database to restore it into. Nothing was changed.",
    );
  }
}

/**
 * Brings DATA_DIR (and the database of DATABASE_URL, when set) back to the archive. Every entry's
 * SHA-256 is checked before anything is written; a target holding anything is refused unless
 * `force`, and a PostgreSQL database with other sessions (a running server) always is. New data is
 * built in a staging folder inside DATA_DIR (same disk) and put in place by renames at the end; a
 * PostgreSQL database is loaded in one transaction. The server's migrations bring the restored
 * database up to this release at its next start.
 */
export async function restoreBackup(
  archive: string,
  target: RestoreTarget,
  options: { force: boolean },
): Promise<RestoreOutcome> {
  const verified = await verifyArchive(archive);
  refuseMismatch(verified, target);
  await assertRestorableHere(verified.manifest);
  const state = await inspectTarget(target);
  if (state.otherSessions > 0) {
    throw new BackupRefusal(
      `${state.otherSessions} other sessions are connected to the target database: stop the server (and npm run worker) first. Nothing was changed.`,
    );
  }
  if (state.contents.length > 0 && !options.force) {
    throw new BackupRefusal(
      `The target is not empty (${state.contents.join('; ')}). Restore into an empty DATA_DIR and database, or add --force to replace what is there. Nothing was changed.`,
    );
  }

  const checksums = new Map(verified.manifest.entries.map((entry) => [entry.name, entry.sha256]));
  await mkdir(target.dataDir, { recursive: true, mode: OWNER_ONLY_FOLDER });
  const staging = path.join(target.dataDir, `.restore-${randomBytes(6).toString('hex')}`);
  await mkdir(path.join(staging, FILES_FOLDER), { recursive: true, mode: OWNER_ONLY_FOLDER });
  try {
    for (const entry of verified.files)
      await extract(archive, entry, checksums.get(entry.name)!, path.join(staging, entry.name));
    if (target.databaseUrl) {
      await loadPostgres(target.databaseUrl, readEntry(archive, verified.database), { replace: options.force });
    } else {
      const dump = path.join(staging, 'pglite-datadir.tar.gz');
      await extract(archive, verified.database, checksums.get(verified.database.name)!, dump);
      await loadPglite(path.join(staging, PGLITE_FOLDER), dump);
      await swapIn(staging, target.dataDir, PGLITE_FOLDER);
    }
    await swapIn(staging, target.dataDir, FILES_FOLDER);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return { manifest: verified.manifest, files: verified.files.length };
}
