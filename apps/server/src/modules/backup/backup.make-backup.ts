import { createHash, randomBytes } from 'node:crypto';
import { chmod, link, mkdir, open, rm, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { DatabaseHandle } from '../../db/client.js';
import { OWNER_ONLY_FILE, OWNER_ONLY_FOLDER } from '../../lib/owner-only.js';
import { archiveNameFor } from './backup.archive-names.js';
import { createArchiveWriter, type ArchiveWriter } from './backup.archive-writer.js';
import { describeDatabase } from './backup.database-facts.js';
import { dumpPglite, dumpPostgres } from './backup.database-dump.js';
import {
  ARCHIVE_FORMAT,
  FILES_FOLDER,
  MANIFEST_CHECKSUM_ENTRY,
  MANIFEST_ENTRY,
  databaseEntryOf,
  type Manifest,
  type ManifestEntry,
} from './backup.manifest.js';
import { listStoredFiles } from './backup.stored-files.js';

export interface BackupSource {
  database: DatabaseHandle;
  /** DATA_DIR: the stored files are under DATA_DIR/files. */
  dataDir: string;
}

export interface BackupResult {
  /** The archive's absolute path. */
  archive: string;
  bytes: number;
  files: number;
  /** Entries of DATA_DIR/files left out: not regular files, or names storage never makes. */
  skipped: string[];
}

/** Stored files copied into the archive; a file removed meanwhile (a purge) is left out. */
async function addStoredFiles(writer: ArchiveWriter, filesRoot: string, names: string[]): Promise<ManifestEntry[]> {
  const entries: ManifestEntry[] = [];
  for (const name of names) {
    let file: FileHandle;
    try {
      file = await open(path.join(filesRoot, name), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    try {
      const { size } = await file.stat();
      entries.push(await writer.add(`${FILES_FOLDER}/${name}`, file.createReadStream({ autoClose: false }), size));
    } finally {
      await file.close();
    }
  }
  return entries;
}

/** `scratch`: a folder the embedded database's copy may use until the archive is written. */
function dumpOf(database: DatabaseHandle, scratch: string): Promise<Readable> | Readable {
  return database.kind === 'pglite' ? dumpPglite(database.pglite, scratch) : dumpPostgres(database.connectionString);
}

/** A new archive file in the folder (only its owner may read it), under a name no other archive has. */
async function createArchiveFile(
  backupDir: string,
  moment: Date,
): Promise<{ partial: string; scratch: string; file: FileHandle; publish(): Promise<string> }> {
  await mkdir(backupDir, { recursive: true, mode: OWNER_ONLY_FOLDER });
  const id = randomBytes(6).toString('hex');
  const partial = path.join(backupDir, `.partial-${id}.tar`);
  const file = await open(partial, 'wx', OWNER_ONLY_FILE);
  await chmod(partial, OWNER_ONLY_FILE);
  return {
    partial,
    scratch: path.join(backupDir, `.partial-${id}.pgdata`),
    file,
    // A hard link never replaces an existing name, so two backups in the same second keep both.
    async publish() {
      for (let sequence = 1; ; sequence += 1) {
        const archive = path.join(backupDir, archiveNameFor(moment, sequence));
        try {
          await link(partial, archive);
          await unlink(partial);
          return archive;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        }
      }
    },
  };
}

/**
 * Writes one archive into `backupDir`: the database (PGlite's dump of its data directory, or
 * pg_dump's SQL), every stored file under DATA_DIR/files but files/tmp, then the manifest of every
 * entry's SHA-256 and the manifest's own. The archive gets its final name only once complete and on
 * disk, so a backup cut short leaves at most a `.partial-…` file, which no restore or retention reads.
 *
 * The database is dumped first and the files copied after: a document uploaded meanwhile has its file
 * but no row (harmless; the orphan sweep removes it after a restore), and a file whose document is
 * purged from the trash meanwhile is missing from the archive while its row is there.
 */
export async function makeBackup(
  source: BackupSource,
  backupDir: string,
  now: Date = new Date(),
): Promise<BackupResult> {
  const target = await createArchiveFile(backupDir, now);
  let published = false;
  try {
    const writer = createArchiveWriter(target.file, now);
    const facts = await describeDatabase(source.database.db);
    const databaseEntry = await writer.add(
      databaseEntryOf(source.database.kind),
      await dumpOf(source.database, target.scratch),
    );
    await rm(target.scratch, { recursive: true, force: true });
    const filesRoot = path.join(source.dataDir, FILES_FOLDER);
    const stored = await listStoredFiles(filesRoot);
    const fileEntries = await addStoredFiles(writer, filesRoot, stored.files);
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      created_at: now.toISOString(),
      database: { kind: source.database.kind, ...facts },
      entries: [databaseEntry, ...fileEntries],
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`);
    await writer.addBuffer(MANIFEST_ENTRY, manifestBytes);
    await writer.addBuffer(
      MANIFEST_CHECKSUM_ENTRY,
      Buffer.from(`${createHash('sha256').update(manifestBytes).digest('hex')}\n`),
    );
    await writer.finish();
    const { size } = await target.file.stat();
    await target.file.close();
    const archive = await target.publish();
    published = true;
    return { archive, bytes: size, files: fileEntries.length, skipped: stored.skipped };
  } finally {
    await rm(target.scratch, { recursive: true, force: true });
    if (!published) {
      await target.file.close().catch(() => undefined);
      await unlink(target.partial).catch(() => undefined);
    }
  }
}
