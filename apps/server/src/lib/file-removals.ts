import { asc, inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database, Executor } from '../db/client.js';
import { storedFileRemovals } from '../db/schema/index.js';
import type { StoredFileReferences } from './file-references.js';
import type { FileStorage } from './storage.js';

/** Of some stored-file keys, those a row still refers to (each area that stores files answers for its columns). */
export type FileReferenceCheck = StoredFileReferences['referenced'];

/** Entries handled per pass of `drain`. */
const DRAIN_BATCH = 500;

/**
 * Removing stored files whose rows are deleted, so that a crash leaves neither a row without its
 * file nor, for long, a file without its row: the keys are recorded in the deleting transaction
 * (`request`), removed once it commits (`carryOut`), and whatever is left (a crash between the two, a
 * failed removal) by `drain`, at start and daily. A key some row refers to again is never removed.
 */
export function createFileRemovals(options: {
  db: Database;
  storage: FileStorage;
  logger: Logger;
  references: readonly FileReferenceCheck[];
}) {
  const { db, storage, logger, references } = options;

  async function referenced(keys: readonly string[]): Promise<Set<string>> {
    const sets = await Promise.all(references.map((check) => check(db, keys)));
    return new Set(sets.flatMap((set) => [...set]));
  }

  /** Removes the files of these recorded keys, then their entries; answers how many were removed. */
  async function carryOut(keys: readonly string[]): Promise<number> {
    if (keys.length === 0) return 0;
    const inUse = await referenced(keys);
    const done: string[] = [];
    let removed = 0;
    for (const key of keys) {
      if (inUse.has(key)) {
        logger.warn({ key }, 'a stored file to remove is referred to again; it is kept');
        done.push(key);
        continue;
      }
      try {
        await storage.delete(key);
        done.push(key);
        removed += 1;
      } catch (error) {
        logger.warn({ key, err: error }, 'could not remove a stored file; the next pass tries again');
      }
    }
    if (done.length > 0) await db.delete(storedFileRemovals).where(inArray(storedFileRemovals.file_key, done));
    return removed;
  }

  return {
    /** Records keys to remove, in the transaction that deletes the rows referring to them. */
    async request(tx: Executor, keys: readonly string[]): Promise<void> {
      const unique = [...new Set(keys)];
      if (unique.length === 0) return;
      await tx
        .insert(storedFileRemovals)
        .values(unique.map((file_key) => ({ file_key })))
        .onConflictDoNothing();
    },

    carryOut,

    /** Every recorded removal still waiting (after a crash or a failure); answers how many files went. */
    async drain(): Promise<number> {
      let removed = 0;
      for (;;) {
        const rows = await db
          .select({ key: storedFileRemovals.file_key })
          .from(storedFileRemovals)
          .orderBy(asc(storedFileRemovals.requested_at))
          .limit(DRAIN_BATCH);
        if (rows.length === 0) return removed;
        const keys = rows.map((row) => row.key);
        removed += await carryOut(keys);
        const [left] = await db
          .select({ key: storedFileRemovals.file_key })
          .from(storedFileRemovals)
          .where(inArray(storedFileRemovals.file_key, keys));
        // Removals that keep failing stay for the next daily pass rather than spinning here.
        if (left !== undefined) return removed;
      }
    },
  };
}
export type FileRemovals = ReturnType<typeof createFileRemovals>;
