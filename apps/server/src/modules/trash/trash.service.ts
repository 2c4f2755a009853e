import {
  defaultTrashLibraryOf,
  paginationOf,
  purgeCutoff,
  type Actor,
  type TPagination,
  type TrashKind,
  type TrashLibrary,
  type TTrashItem,
  type TTrashQuery,
} from '@srpf/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import type { FileRemovals } from '../../lib/file-removals.js';
import type { RestoredItem, TrashSource } from '../../lib/contracts/trash-source.js';
import type { JobOptions, JobRunner } from '../../lib/jobs/job-runner.js';

export const TRASH_PURGE_JOB = 'trash.purge-expired';
/** Daily at 03:45 in the force's time zone, after the sign-in purge. */
export const TRASH_PURGE_CRON = '45 3 * * *';
export const TRASH_PURGE_OPTIONS: JobOptions = { retryLimit: 3, retryDelaySeconds: 60 };
/** Items purged per query of a run: a run after a long pause works through the backlog in steps. */
const EXPIRED_BATCH = 200;

const notInTrash = () => new AppError('trash.not_in_trash', {}, 'Not in the trash');

export interface TrashPurgeOutcome {
  items: number;
  /** Items whose purge failed (logged; tried again by the next run). */
  failed: number;
  documents: number;
  files: number;
}

/** The trash of every area that registers a source: list, restore, purge, and the retention job. */
export function createTrashService(context: AppContext, sources: readonly TrashSource[], fileRemovals: FileRemovals) {
  const { clock, config } = context;
  const logger = context.logger.child({ component: 'trash' });
  /**
   * The one source an item is asked of: the one keeping that library and kind. Kinds are not unique
   * across sources (the document libraries and the forms library both have categories, with ids of
   * their own tables), so an item is never looked for in another library's source.
   */
  const sourceOf = (kind: TrashKind, library: TrashLibrary = defaultTrashLibraryOf(kind)) =>
    sources.find((source) => source.libraries.includes(library) && source.kinds.includes(kind));

  async function purgeExpired(): Promise<TrashPurgeOutcome> {
    const before = purgeCutoff(clock.now(), config.trashRetentionDays);
    const outcome = { items: 0, documents: 0, files: 0, failed: 0 };
    for (const source of sources) {
      // An item whose purge fails is logged and passed over, so it never holds back the others.
      const failed = new Set<string>();
      for (;;) {
        const batch = (await source.expired(before, EXPIRED_BATCH + failed.size)).filter(
          ({ kind, id }) => !failed.has(`${kind}:${id}`),
        );
        for (const { kind, id } of batch) {
          try {
            // Gone already (purged with its folder in this run, or by hand meanwhile): nothing to do.
            const purged = await source.purge(null, kind, id, null);
            if (purged) {
              outcome.items += 1;
              outcome.documents += purged.documents;
            }
          } catch (error) {
            failed.add(`${kind}:${id}`);
            logger.error({ err: error, kind, id }, 'could not purge an item of the trash; the next run tries again');
          }
        }
        if (batch.length < EXPIRED_BATCH) break;
      }
      outcome.failed += failed.size;
    }
    // And whatever an earlier run or a crash left to remove.
    outcome.files = await fileRemovals.drain();
    return outcome;
  }

  return {
    retentionDays: config.trashRetentionDays,

    async list(query: TTrashQuery): Promise<{ items: TTrashItem[]; pagination: TPagination }> {
      const source = sources.find((candidate) => candidate.libraries.includes(query.library));
      // A library whose area keeps no trash yet (forms before its issue) has an empty one.
      if (!source) return { items: [], pagination: paginationOf(query.page, query.limit, 0) };
      const { items, total } = await source.list(query.library, (query.page - 1) * query.limit, query.limit);
      return { items, pagination: paginationOf(query.page, query.limit, total) };
    },

    /** `library` absent: defaultTrashLibraryOf(kind), what clients written before the forms library mean. */
    async restore(
      actor: Actor,
      kind: TrashKind,
      id: number,
      ip: string | null,
      library?: TrashLibrary,
    ): Promise<RestoredItem> {
      const restored = await sourceOf(kind, library)?.restore(actor, kind, id, ip);
      if (!restored) throw notInTrash();
      return restored;
    },

    async purge(
      actor: Actor,
      kind: TrashKind,
      id: number,
      ip: string | null,
      library?: TrashLibrary,
    ): Promise<{ documents: number }> {
      const purged = await sourceOf(kind, library)?.purge(actor, kind, id, ip);
      if (!purged) throw notInTrash();
      return purged;
    },

    purgeExpired,

    /** Declares the retention job and its daily schedule. */
    registerJobs(jobs: JobRunner) {
      jobs.define(TRASH_PURGE_JOB, purgeExpired, TRASH_PURGE_OPTIONS);
      jobs.schedule(TRASH_PURGE_JOB, TRASH_PURGE_CRON, {}, { missed: 'once' });
    },
  };
}
export type TrashService = ReturnType<typeof createTrashService>;
