import type { AppContext } from '../../context.js';
import type { JobOptions } from '../../lib/jobs/job-runner.js';
import { makeBackup } from './backup.make-backup.js';
import { pruneArchives } from './backup.retention.js';

export const BACKUP_JOB = 'backup.scheduled';
/** A large archive takes a while; one retry ten minutes later, not a burst of them. */
export const BACKUP_JOB_OPTIONS: JobOptions = { retryLimit: 1, retryDelaySeconds: 600, expireInSeconds: 4 * 3600 };

export interface ScheduledBackupOutcome {
  archive: string;
  bytes: number;
  files: number;
  /** Archives past BACKUP_KEEP (and partial files of dead backups) removed. */
  removed: string[];
}

/** One scheduled backup: a new archive in BACKUP_DIR, then only the newest BACKUP_KEEP kept. */
export function createScheduledBackup(context: AppContext) {
  const { dir, keep } = context.config.backup;
  return async (): Promise<ScheduledBackupOutcome> => {
    const result = await makeBackup(
      { database: context.database, dataDir: context.config.dataDir },
      dir,
      context.clock.now(),
    );
    if (result.skipped.length > 0)
      context.logger.warn({ skipped: result.skipped }, 'entries of DATA_DIR/files left out of the backup');
    const removed = await pruneArchives(dir, keep, context.clock.now());
    return { archive: result.archive, bytes: result.bytes, files: result.files, removed };
  };
}

/**
 * Declares the scheduled backup on BACKUP_SCHEDULE (cron in the force's time zone; `off`: none). It
 * runs where jobs are worked: in the server on the embedded database (on its own open instance), in
 * the server or `npm run worker` on a PostgreSQL server (pg_dump, and DATA_DIR/files must be there).
 */
export function registerBackupJob(context: AppContext): void {
  const { schedule } = context.config.backup;
  if (schedule === null) return;
  context.jobs.define(BACKUP_JOB, createScheduledBackup(context), BACKUP_JOB_OPTIONS);
  context.jobs.schedule(BACKUP_JOB, schedule, {}, { missed: 'once' });
}
