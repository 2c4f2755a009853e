import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { isNotNull } from 'drizzle-orm';
import { pino } from 'pino';
import type { Database } from '../db/client.js';
import { libraryDocuments, libraryDocumentVersions } from '../db/schema/libraries.js';
import { clock } from '../lib/clock.js';
import { createFileSweep, ORPHAN_GRACE_MS, type SweepOutcome } from '../lib/file-sweep.js';
import { createLocalStorage } from '../lib/storage-local.js';
import { libraryStoredFiles } from '../modules/libraries/libraries.stored-files.js';

/**
 * What the rows say about the stored files against what DATA_DIR/files holds, read by a crash test
 * between two runs of the server: every row referring to a file (library_documents.file_key, the
 * current PDF; library_document_versions.file_key, every version's) and every final file on disk.
 */

const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The final files (DATA_DIR/files/<2 hex>/<key>; tmp/ holds the temporary ones): key → sha256 of its bytes. */
function finalFiles(filesRoot: string): Map<string, { sha256: string; size: number }> {
  const files = new Map<string, { sha256: string; size: number }>();
  let folders: string[];
  try {
    folders = readdirSync(filesRoot);
  } catch {
    return files;
  }
  for (const folder of folders) {
    if (!/^[0-9a-f]{2}$/.test(folder)) continue;
    for (const key of readdirSync(path.join(filesRoot, folder))) {
      const bytes = readFileSync(path.join(filesRoot, folder, key));
      files.set(key, { sha256: sha256Of(bytes), size: bytes.length });
    }
  }
  return files;
}

/** The temporary files (uploads not committed), with when each was last written. */
export function temporaryFiles(filesRoot: string): { name: string; modifiedMs: number }[] {
  const folder = path.join(filesRoot, 'tmp');
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    try {
      return [{ name, modifiedMs: statSync(path.join(folder, name)).mtimeMs }];
    } catch {
      return [];
    }
  });
}

export interface StoredFilesAudit {
  /** Rows whose file is not on disk: a document (or a version of it) that can no longer be downloaded. */
  rowsWithoutFile: string[];
  /** Rows whose file is there but holds other bytes than the row recorded (size or sha256). */
  rowsWithOtherBytes: string[];
  /** Final files no row refers to, with the sha256 of their bytes. */
  filesWithoutRow: { key: string; sha256: string }[];
  /** The sha256 on disk of the file of each version row, by "<document id>/<version>". */
  versionFiles: Map<string, string>;
  /** Final files on disk. */
  files: number;
}

export async function auditStoredFiles(db: Database, filesRoot: string): Promise<StoredFilesAudit> {
  const documents = await db
    .select({
      id: libraryDocuments.id,
      key: libraryDocuments.file_key,
      size: libraryDocuments.file_size,
      sha256: libraryDocuments.file_sha256,
    })
    .from(libraryDocuments)
    .where(isNotNull(libraryDocuments.file_key));
  const versions = await db
    .select({
      id: libraryDocumentVersions.document_id,
      version: libraryDocumentVersions.version,
      key: libraryDocumentVersions.file_key,
      size: libraryDocumentVersions.file_size,
      sha256: libraryDocumentVersions.file_sha256,
    })
    .from(libraryDocumentVersions)
    .where(isNotNull(libraryDocumentVersions.file_key));
  const onDisk = finalFiles(filesRoot);
  const rows = [
    ...documents.map((row) => ({ ...row, name: `library_documents ${row.id}` })),
    ...versions.map((row) => ({ ...row, name: `library_document_versions ${row.id}/${row.version}` })),
  ];
  const rowsWithoutFile: string[] = [];
  const rowsWithOtherBytes: string[] = [];
  for (const row of rows) {
    const file = onDisk.get(row.key!);
    if (!file) rowsWithoutFile.push(`${row.name}: ${row.key}`);
    else if (file.size !== row.size || (row.sha256 !== null && file.sha256 !== row.sha256)) {
      rowsWithOtherBytes.push(
        `${row.name}: ${row.key} has ${file.size} bytes (sha256 ${file.sha256}), the row says ${row.size} (${row.sha256})`,
      );
    }
  }
  const referenced = new Set(rows.map((row) => row.key!));
  const versionFiles = new Map<string, string>();
  for (const row of versions) {
    const file = onDisk.get(row.key!);
    if (file) versionFiles.set(`${row.id}/${row.version}`, file.sha256);
  }
  return {
    rowsWithoutFile,
    rowsWithOtherBytes,
    filesWithoutRow: [...onDisk]
      .filter(([key]) => !referenced.has(key))
      .map(([key, file]) => ({ key, sha256: file.sha256 })),
    versionFiles,
    files: onDisk.size,
  };
}

/**
 * The server's daily sweep (lib/file-sweep.ts), run here with the clock moved past its hour of grace:
 * every final file no row refers to and every temporary file is then old enough to go. The server
 * must not be running on the embedded database (the caller holds it).
 */
export async function sweepPastGrace(db: Database, filesRoot: string): Promise<SweepOutcome> {
  const sweep = createFileSweep({
    db,
    storage: createLocalStorage(filesRoot),
    logger: pino({ level: 'silent' }),
    clock,
    references: [libraryStoredFiles],
  });
  clock.set(new Date(Date.now() + 2 * ORPHAN_GRACE_MS));
  try {
    return await sweep.sweep();
  } finally {
    clock.set(null);
  }
}
