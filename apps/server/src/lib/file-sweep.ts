import type { Logger } from 'pino';
import type { Database } from '../db/client.js';
import type { clock as Clock } from './clock.js';
import { referencedByAny, type StoredFileReferences } from './file-references.js';
import type { FileStorage, StoredEntry } from './storage.js';

export const FILE_SWEEP_JOB = 'files.sweep';
/** Daily at 04:15 in the force's time zone, after the purges. */
export const FILE_SWEEP_CRON = '15 4 * * *';
/** A file younger than this may belong to an upload whose row is about to commit: it is left alone. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;
const BATCH = 500;
/** Rows without their file named in one report at most; the count covers them all. */
const MISSING_REPORTED = 100;

export interface SweepOutcome {
  /** Temporary files removed (uploads cut off by a crash or a lost connection). */
  temporary: number;
  /** Final files no row refers to, removed. */
  orphans: number;
  /** Rows whose file is missing: reported, never dropped. */
  missing: number;
  missingRows: { key: string; row: string }[];
}

/**
 * Reconciles the file store with the rows that refer to it, both ways (the reliability issue): a
 * temporary file left by an interrupted upload is removed, a final file no row refers to is removed
 * once it is an hour old, and a row whose file is missing is logged as an error for an operator
 * (restoring the file from a backup is theirs to decide), never deleted.
 */
export function createFileSweep(options: {
  db: Database;
  storage: FileStorage;
  logger: Logger;
  clock: typeof Clock;
  references: readonly StoredFileReferences[];
}) {
  const { db, storage, logger, clock, references } = options;

  async function removeTemporary(olderThan: Date): Promise<number> {
    let removed = 0;
    for await (const entry of storage.listTemporary()) {
      if (entry.modifiedAt >= olderThan) continue;
      await storage.discard(entry.key);
      removed += 1;
    }
    return removed;
  }

  async function removeOrphans(olderThan: Date): Promise<number> {
    let removed = 0;
    let batch: StoredEntry[] = [];
    const settle = async () => {
      const inUse = await referencedByAny(
        references,
        db,
        batch.map((entry) => entry.key),
      );
      for (const entry of batch) {
        if (inUse.has(entry.key)) continue;
        await storage.delete(entry.key);
        logger.warn({ key: entry.key, modifiedAt: entry.modifiedAt }, 'removed a stored file no record refers to');
        removed += 1;
      }
      batch = [];
    };
    for await (const entry of storage.listPermanent()) {
      if (entry.modifiedAt >= olderThan) continue;
      batch.push(entry);
      if (batch.length >= BATCH) await settle();
    }
    await settle();
    return removed;
  }

  async function findMissing(): Promise<{ count: number; rows: { key: string; row: string }[] }> {
    const rows: { key: string; row: string }[] = [];
    let count = 0;
    for (const area of references) {
      let after = '';
      for (;;) {
        const page = await area.page(db, after, BATCH);
        for (const reference of page) {
          if ((await storage.size(reference.key)) !== null) continue;
          count += 1;
          if (rows.length < MISSING_REPORTED) rows.push(reference);
          logger.error(
            { area: area.area, key: reference.key, row: reference.row },
            'a record refers to a stored file that is missing',
          );
        }
        if (page.length < BATCH) break;
        after = page.at(-1)!.key;
      }
    }
    return { count, rows };
  }

  return {
    /**
     * At start nothing of this process can be uploading: every temporary file not written to within
     * `idleMs` (the connection timeout, past which any upload still sending would have been cut) is a
     * leftover. A single server thus removes them all; another instance's live upload is spared.
     */
    async atStart(idleMs: number): Promise<number> {
      const removed = await removeTemporary(new Date(clock.now().getTime() - idleMs));
      if (removed > 0) logger.info({ files: removed }, 'removed temporary files of interrupted uploads');
      return removed;
    },

    async sweep(): Promise<SweepOutcome> {
      const olderThan = new Date(clock.now().getTime() - ORPHAN_GRACE_MS);
      const temporary = await removeTemporary(olderThan);
      const orphans = await removeOrphans(olderThan);
      const missing = await findMissing();
      return { temporary, orphans, missing: missing.count, missingRows: missing.rows };
    },
  };
}
export type FileSweep = ReturnType<typeof createFileSweep>;
