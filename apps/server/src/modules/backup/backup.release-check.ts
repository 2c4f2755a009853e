import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { MIGRATIONS_FOLDER } from '../../db/client.js';
import { BackupRefusal } from './backup.errors.js';
import type { Manifest } from './backup.manifest.js';

/** The stamp of this release's latest migration (drizzle's journal). */
async function latestKnownMigration(): Promise<number> {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/**
 * An archive of this release or an older one restores: the server's migrations bring it up to date
 * at its next start. One whose database ran migrations this release does not have would start on a
 * schema this code does not know, so it is refused.
 */
export async function assertRestorableHere(manifest: Manifest): Promise<void> {
  const archived = manifest.database.migrations.latest;
  if (archived !== null && archived > (await latestKnownMigration())) {
    throw new BackupRefusal(
      `The archive was made by a newer release (its database has migrations this release does not know); restore it with that release or a later one. Nothing was changed.`,
    );
  }
}
