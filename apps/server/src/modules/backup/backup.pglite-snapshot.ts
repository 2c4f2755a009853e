import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { OWNER_ONLY_FOLDER } from '../../lib/owner-only.js';
import { BLOCK, encodeHeader, paddingAfter } from './backup.tar-format.js';

/** A write-ahead log segment's file name: timeline, then position, in fixed-width hex. */
const LOG_SEGMENT = /^[0-9A-F]{24}$/;

interface LogRange {
  /** The segment holding the checkpoint's redo point: recovery starts there. */
  redo: string;
  /** The segment being written now. */
  current: string;
}

/**
 * Copies the data folder, leaving out log segments outside the range recovery reads: PostgreSQL
 * keeps recycled segments (up to max_wal_size) under future names for reuse, which are most of the
 * folder after a bulk change and worth nothing in a backup.
 */
async function copyDataFolder(source: string, target: string, log: LogRange, relative = ''): Promise<void> {
  await mkdir(path.join(target, relative), { recursive: true, mode: OWNER_ONLY_FOLDER });
  for (const entry of await readdir(path.join(source, relative), { withFileTypes: true })) {
    const name = path.join(relative, entry.name);
    if (entry.isDirectory()) {
      await copyDataFolder(source, target, log, name);
    } else if (entry.isFile()) {
      const isLog = relative === 'pg_wal' && LOG_SEGMENT.test(entry.name);
      if (isLog && (entry.name < log.redo || entry.name > log.current)) continue;
      await copyFile(path.join(source, name), path.join(target, name));
    }
  }
}

/**
 * Copies the embedded database's data folder (PGlite on disk) into `target` while no statement runs:
 * inside a PGlite transaction, which holds the lock every statement of the process takes (Drizzle's,
 * pg-boss's, the change feed's), a checkpoint first writes every changed page into the folder, then
 * the files are copied. Requests wait for the copy only (a plain file copy of the tables and the log
 * recovery needs); compressing it happens afterwards.
 */
export async function copyPgliteDataFolder(pglite: PGlite, source: string, target: string): Promise<void> {
  await pglite.transaction(async (tx) => {
    await tx.exec('CHECKPOINT');
    const { rows } = await tx.query<LogRange>(
      `SELECT redo_wal_file AS redo, pg_walfile_name(pg_current_wal_lsn()) AS current FROM pg_control_checkpoint()`,
    );
    await copyDataFolder(source, target, rows[0]!);
  });
}

/** A tar of a folder's content, folders included (PostgreSQL needs its empty ones), names relative to it. */
export async function* tarFolder(folder: string, relative = ''): AsyncGenerator<Buffer> {
  const entries = (await readdir(path.join(folder, relative), { withFileTypes: true })).sort((a, b) =>
    a.name < b.name ? -1 : 1,
  );
  for (const entry of entries) {
    const name = relative ? `${relative}/${entry.name}` : entry.name;
    const full = path.join(folder, name);
    const { mtime, size } = await stat(full);
    if (entry.isDirectory()) {
      yield encodeHeader(name, 0, mtime, 'folder');
      yield* tarFolder(folder, name);
    } else if (entry.isFile()) {
      yield encodeHeader(name, size, mtime);
      for await (const chunk of createReadStream(full)) yield chunk as Buffer;
      yield Buffer.alloc(paddingAfter(size));
    }
  }
  if (!relative) yield Buffer.alloc(2 * BLOCK);
}
