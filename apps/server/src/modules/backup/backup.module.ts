import { serverModule } from '../../lib/contracts/server-module.js';
import { registerBackupJob } from './backup.job.js';

/** The scheduled backup (BACKUP_SCHEDULE); the CLIs use the rest of the area directly. */
export const backupModule = serverModule()({
  name: 'backup',
  registerJobs: (jobs, _services, context) => registerBackupJob({ ...context, jobs }),
});
