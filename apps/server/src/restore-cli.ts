import path from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { keepNewFilesToOwner } from './lib/owner-only.js';
import { BackupRefusal } from './modules/backup/backup.errors.js';
import { claimDataDir } from './modules/backup/backup.data-dir-claim.js';
import { restoreBackup } from './modules/backup/backup.restore-backup.js';

const USAGE =
  'Usage: npm run restore -- <archive> [--force]\n  --force  replace what DATA_DIR (and the database of DATABASE_URL) hold';

/**
 * `npm run restore -- <archive> [--force]`: brings DATA_DIR, or the database of DATABASE_URL and
 * DATA_DIR's files, back to an archive of `npm run backup`, with the server stopped. docs/OPERATIONS.md.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const positional = args.filter((arg) => arg !== '--force');
  if (positional.length !== 1 || positional[0]!.startsWith('-')) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(2);
  }
  // What it writes into DATA_DIR is the server's user's alone (lib/owner-only.ts).
  keepNewFilesToOwner();
  const config = loadConfig();
  // npm runs scripts in the repository's folder; a relative path means where npm was started.
  const archive = path.resolve(process.env.INIT_CWD ?? process.cwd(), positional[0]!);
  // Held throughout, so no server starts on DATA_DIR meanwhile; refused while one runs.
  const claim = await claimDataDir(config.dataDir, 'restore');
  try {
    const outcome = await restoreBackup(
      archive,
      { dataDir: config.dataDir, databaseUrl: config.databaseUrl },
      { force },
    );
    const where = config.databaseUrl ? 'the PostgreSQL database and DATA_DIR/files' : config.dataDir;
    process.stdout.write(
      `Restored ${where} from ${archive} (made ${outcome.manifest.created_at}, ${outcome.files} stored files).\n` +
        'Start the server: its migrations bring the database up to this release.\n',
    );
  } finally {
    await claim.release();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof BackupRefusal) process.stderr.write(`${error.message}\n`);
  else
    process.stderr.write(
      `Restore failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  process.exit(1);
});
