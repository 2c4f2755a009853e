import type { AppContext } from '../context.js';
import type { StoredFileServices } from './contracts/server-module.js';
import type { StoredFileReferences } from './file-references.js';
import { createFileRemovals } from './file-removals.js';
import { createFileSweep, FILE_SWEEP_CRON, FILE_SWEEP_JOB } from './file-sweep.js';
import type { JobRunner } from './jobs/job-runner.js';

/**
 * The owner of the stored files as a whole: the removal of purged files and the daily orphan sweep,
 * over every area's columns that refer to files (each manifest's `storedFiles`), so a file still
 * referred to is never removed. It sits in lib, below the modules, because several of them need it
 * (the libraries' and forms' trash sources, the trash module) and it needs all of their columns: in
 * any one module it would make a circle.
 */
export function createStoredFiles(
  context: AppContext,
  areas: readonly StoredFileReferences[],
): StoredFileServices & { registerJobs(jobs: JobRunner): void } {
  const logger = context.logger.child({ component: 'stored-files' });
  const fileRemovals = createFileRemovals({
    db: context.db,
    storage: context.storage,
    logger,
    references: areas.map((area) => (executor, keys) => area.referenced(executor, keys)),
  });
  const fileSweep = createFileSweep({
    db: context.db,
    storage: context.storage,
    logger,
    clock: context.clock,
    references: areas,
  });
  return {
    fileRemovals,
    fileSweep,
    registerJobs(jobs) {
      jobs.define(FILE_SWEEP_JOB, () => fileSweep.sweep(), { retryLimit: 2, retryDelaySeconds: 300 });
      jobs.schedule(FILE_SWEEP_JOB, FILE_SWEEP_CRON, {}, { missed: 'once' });
    },
  };
}
