import { ConfigError, loadConfig } from './config.js';
import { openPostgres } from './db/client.js';
import { keepNewFilesToOwner } from './lib/owner-only.js';
import { BackupRefusal } from './modules/backup/backup.errors.js';
import { backUpEmbedded } from './modules/backup/backup.embedded-backup.js';
import { makeBackup } from './modules/backup/backup.make-backup.js';

/**
 * `npm run backup`: one archive of the configured database and stored files in BACKUP_DIR, with the
 * server's own environment, whether the server runs or not. The last line printed is the archive's
 * absolute path. docs/OPERATIONS.md.
 */
async function main(): Promise<void> {
  // The archive, and the embedded database this process may open, are the server's user's alone.
  keepNewFilesToOwner();
  const config = loadConfig();
  const started = Date.now();
  let archive: string;
  let how: string;
  if (config.databaseUrl) {
    const database = openPostgres(config.databaseUrl, 1);
    try {
      const result = await makeBackup({ database, dataDir: config.dataDir }, config.backup.dir);
      if (result.skipped.length > 0)
        process.stderr.write(`Left out of the archive (not files storage makes): ${result.skipped.join(', ')}\n`);
      archive = result.archive;
      how = `the PostgreSQL database (pg_dump) and ${result.files} stored files`;
    } finally {
      await database.close();
    }
  } else {
    const result = await backUpEmbedded(config.dataDir, config.backup.dir);
    archive = result.archive;
    how =
      result.madeBy === 'server'
        ? 'the embedded database and stored files, made by the running server'
        : 'the embedded database and stored files (no server was running)';
  }
  process.stdout.write(`Backed up ${how} in ${((Date.now() - started) / 1000).toFixed(1)} s into:\n${archive}\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof BackupRefusal) process.stderr.write(`${error.message}\n`);
  else
    process.stderr.write(`Backup failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
