import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { newestFirst } from './backup.archive-names.js';

/** A partial archive, and the copy of the embedded database's folder made for it. */
const PARTIAL = /^\.partial-[0-9a-f]{12}\.(tar|pgdata)$/;
/** A partial archive this old belongs to a backup that died: no backup runs for a day. */
const PARTIAL_MAX_AGE_MS = 24 * 3600 * 1000;

/**
 * Keeps the newest `keep` archives in the folder (manual ones count too) and removes the rest, and
 * partial files that backups cut short left behind. Files not named like an archive are never touched.
 * Returns the names removed.
 */
export async function pruneArchives(backupDir: string, keep: number, now: Date = new Date()): Promise<string[]> {
  const names = await readdir(backupDir);
  const removed = newestFirst(names).slice(keep);
  for (const name of names.filter((candidate) => PARTIAL.test(candidate))) {
    const info = await stat(path.join(backupDir, name)).catch(() => null);
    if (info && now.getTime() - info.mtime.getTime() > PARTIAL_MAX_AGE_MS) removed.push(name);
  }
  for (const name of removed) await rm(path.join(backupDir, name), { recursive: true, force: true });
  return removed;
}
