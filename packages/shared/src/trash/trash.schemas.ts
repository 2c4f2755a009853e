import { z } from 'zod';
import { pagedResponse, pageQuery } from '../common/pagination.js';
import { TRASH_KINDS, TRASH_LIBRARIES } from './trash.rules.js';

export * from './trash.rules.js';

/**
 * The trash (the documents issue): deleted documents and folders wait here, restorable, until they are
 * purged by hand or TRASH_RETENTION_DAYS after their deletion. Each library keeps its own trash; the
 * forms library (issue 18) keeps forms and its three folder levels.
 *
 * - `GET /api/trash?library=` (manage_trash): paged, newest deletion first;
 * - `POST /api/trash/restore {kind, id, library?}` (manage_trash): back into its folder, or the
 *   library's root when that folder is gone;
 * - `DELETE /api/trash/{kind}/{id}?library=` (manage_trash): purged now, rows and files;
 * - `library` names whose item it is: the document libraries and the forms library both have
 *   categories and subcategories (defaultTrashLibraryOf when absent, as clients before issue 18 send);
 * - `GET /api/trash/settings` (signed in): how long deleted items stay, for the delete confirmations.
 */

/** The default of TRASH_RETENTION_DAYS. */
export const TRASH_RETENTION_DAYS_DEFAULT = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** When the retention job purges an item deleted at `deletedAt`: one rule for the list and the job. */
export function purgeMoment(deletedAt: Date, retentionDays: number): Date {
  return new Date(deletedAt.getTime() + retentionDays * DAY_MS);
}

/** Items deleted before this moment are due for purging at `now`. */
export function purgeCutoff(now: Date, retentionDays: number): Date {
  return new Date(now.getTime() - retentionDays * DAY_MS);
}

export const TRASH_PAGE_MAX = 100;
export const TRASH_PAGE_DEFAULT = 20;

const INT4_MAX = 2_147_483_647;
const trashId = z.coerce
  .number({ error: 'id must be a positive integer' })
  .int('id must be a positive integer')
  .positive('id must be a positive integer')
  .max(INT4_MAX, 'id is too large');
const trashKind = z.enum(TRASH_KINDS, { error: `kind must be one of ${TRASH_KINDS.join(', ')}` });
const trashLibrary = z.enum(TRASH_LIBRARIES, { error: `library must be one of ${TRASH_LIBRARIES.join(', ')}` });

export const ZTrashQuery = pageQuery(TRASH_PAGE_MAX, TRASH_PAGE_DEFAULT).extend({
  library: trashLibrary,
});
export type TTrashQuery = z.infer<typeof ZTrashQuery>;

export const ZTrashItem = z.object({
  kind: z.enum(TRASH_KINDS),
  id: z.number().int(),
  /** A document's or form's title; absent for folders. */
  title: z.string().optional(),
  /** A folder's name; absent for documents. */
  name: z.string().optional(),
  library: z.enum(TRASH_LIBRARIES),
  /** Where it was: the folder path ('Category / Subcategory'), or null at the library's root. */
  location: z.string().nullable(),
  deleted_at: z.string(),
  deleted_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** When the retention job purges it. */
  purges_at: z.string(),
  /** The documents that went to the trash with it (1 for a document). */
  documents: z.number().int(),
  /**
   * Whether it can be restored now: false for a subcategory whose category is in the trash (restore
   * the category first). A document whose folder is gone is restored at the library's root.
   */
  restorable: z.boolean(),
  /** Whether its folder is still there: a document restored now goes back into it; false: to the library's root (or its category). */
  folder_present: z.boolean(),
});
export type TTrashItem = z.infer<typeof ZTrashItem>;

export const ZTrashListResponse = pagedResponse(ZTrashItem);
export type TTrashListResponse = z.infer<typeof ZTrashListResponse>;

/** POST /api/trash/restore. */
export const ZTrashItemRequest = z.object({ kind: trashKind, id: trashId, library: trashLibrary.optional() });
export type TTrashItemRequest = z.infer<typeof ZTrashItemRequest>;
/** DELETE /api/trash/{kind}/{id}. */
export const ZTrashItemParams = z.object({ kind: trashKind, id: trashId });
/** DELETE /api/trash/{kind}/{id}?library= (blank is absent). */
export const ZTrashItemQuery = z.object({
  library: z.preprocess((value) => (value === '' ? undefined : value), trashLibrary.optional()),
});
export type TTrashItemQuery = z.infer<typeof ZTrashItemQuery>;

export const ZTrashRestoreResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    restored: z.object({
      kind: z.enum(TRASH_KINDS),
      id: z.number().int(),
      library: z.enum(TRASH_LIBRARIES),
      /** The documents brought back with it. */
      documents: z.number().int(),
      /** True when its folder was gone and it went to the library's root. */
      moved_to_root: z.boolean(),
    }),
  }),
});
export type TTrashRestoreResponse = z.infer<typeof ZTrashRestoreResponse>;

export const ZTrashSettingsResponse = z.object({
  success: z.literal(true),
  data: z.object({ retention_days: z.number().int() }),
});
export type TTrashSettingsResponse = z.infer<typeof ZTrashSettingsResponse>;
