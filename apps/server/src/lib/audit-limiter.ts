import type { Executor } from '../db/client.js';
import { audit, type AuditEntry } from './audit.js';

/** How long one row stands for every refusal of the same key (a person or address, and a route). */
const WINDOW_MS = 60_000;
/** Keys remembered at most; past it the oldest go first (a Map keeps insertion order). */
const MAX_KEYS = 10_000;

interface KeyState {
  /** When the key's last row was written. */
  writtenAt: number;
  /** Rows left unwritten since then. */
  skipped: number;
}

export interface LimitedAudit {
  /**
   * Writes the row unless one was written for `key` within the last minute; a written row carries
   * in `details.repeated` how many were left unwritten for the key since the one before. Answers
   * whether it wrote.
   */
  write(executor: Executor, key: string, entry: AuditEntry): Promise<boolean>;
}

/**
 * Audit rows a signed-in client can cause at will (refused requests, refused reads) at most one a
 * minute per key, so a loop cannot flood the log; the count keeps the rows honest. In memory, per
 * process: a restart or a key pushed out by 10,000 newer ones loses its count.
 */
export function createLimitedAudit(now: () => Date): LimitedAudit {
  const keys = new Map<string, KeyState>();

  /** The number of rows skipped since the key's last row when a row is due now, else null (and counted). */
  function admit(key: string): number | null {
    const nowMs = now().getTime();
    const state = keys.get(key);
    if (state !== undefined && nowMs - state.writtenAt < WINDOW_MS) {
      state.skipped += 1;
      return null;
    }
    // Re-inserted, so the Map's order stays the order of the last rows written.
    keys.delete(key);
    if (keys.size >= MAX_KEYS) keys.delete(keys.keys().next().value!);
    keys.set(key, { writtenAt: nowMs, skipped: 0 });
    return state?.skipped ?? 0;
  }

  return {
    async write(executor, key, entry) {
      // Decided before any await, so parallel requests of one key get one row between them.
      const repeated = admit(key);
      if (repeated === null) return false;
      await audit(executor, repeated === 0 ? entry : { ...entry, details: { ...entry.details, repeated } });
      return true;
    },
  };
}
