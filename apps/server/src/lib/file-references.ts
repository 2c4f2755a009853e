import type { Executor } from '../db/client.js';

/**
 * What an area that stores files tells the stored-files owner (lib/stored-files.ts) about the columns
 * that refer to them (the libraries', forms' and payslips' today). The orphan sweep and the removal of
 * purged files read only these, so a new area lists its own in its manifest (`storedFiles`) and is
 * covered without anything else changing.
 */
export interface StoredFileReferences {
  /** Named in reports: the tables and columns. */
  area: string;
  /** Of these keys, the ones a row refers to. */
  referenced(executor: Executor, keys: readonly string[]): Promise<Set<string>>;
  /** The keys rows refer to, in key order after `after` ('' from the start), at most `limit`, each with the row that names it. */
  page(executor: Executor, after: string, limit: number): Promise<{ key: string; row: string }[]>;
}

/** Of these keys, those any area refers to. */
export async function referencedByAny(
  references: readonly StoredFileReferences[],
  executor: Executor,
  keys: readonly string[],
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const sets = await Promise.all(references.map((area) => area.referenced(executor, keys)));
  return new Set(sets.flatMap((set) => [...set]));
}
