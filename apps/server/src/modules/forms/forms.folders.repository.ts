import { and, asc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { formFolders, forms } from '../../db/schema/index.js';
import { visibleToReader, type FormReader } from './forms.visibility.js';

/**
 * The forms library's folders in SQL: one table for the three levels (`level` 1 category, 2
 * subcategory, 3 sub-subcategory), each below its `parent_id`.
 */

export type FolderRow = typeof formFolders.$inferSelect;
export type NewFolder = typeof formFolders.$inferInsert;
export interface FolderWithCount {
  folder: FolderRow;
  /** Live forms the reader may see in the folder and every folder below it. */
  form_count: number;
  /** A sub-subcategory's category (its parent's parent); null above. */
  grandparent_id: number | null;
}
export interface FolderRef {
  id: number;
  name: string;
  slug: string;
  parent_id: number | null;
}

/** Folders outside the trash: every read but the trash's own. */
export const liveFolder = isNull(formFolders.deleted_at);

// Written out in full (aliases d, m, p): Drizzle leaves columns unqualified inside sql``, which a
// correlated subquery would read as its own table's. `form_folders` is the outer query's row.
function formCount(reader: FormReader): SQL<number> {
  return sql<number>`(select count(*)::int from forms f
    where f.deleted_at is null and ${visibleToReader(reader, 'f')}
      and f.folder_id in (
        select d.id from form_folders d
        where d.deleted_at is null
          and (d.id = form_folders.id or d.parent_id = form_folders.id
            or d.parent_id in (select m.id from form_folders m where m.parent_id = form_folders.id and m.deleted_at is null))))`;
}

const withCount = (reader: FormReader) => ({
  folder: formFolders,
  form_count: formCount(reader),
  grandparent_id: sql<number | null>`(select p.parent_id from form_folders p where p.id = form_folders.parent_id)`,
});

const folderOrder = [asc(formFolders.sort_order), asc(formFolders.name), asc(formFolders.id)];

export interface FolderFilter {
  level: number;
  isActive?: boolean;
  /** Children of this folder only. */
  parentId?: number;
  /** Grandchildren of this folder only (sub-subcategories of a category). */
  grandparentId?: number;
}

/** Live folders of one level, by sort order then name. */
export async function listFolders(
  executor: Executor,
  reader: FormReader,
  filter: FolderFilter,
): Promise<FolderWithCount[]> {
  return executor
    .select(withCount(reader))
    .from(formFolders)
    .where(
      and(
        eq(formFolders.level, filter.level),
        liveFolder,
        filter.isActive === undefined ? undefined : eq(formFolders.is_active, filter.isActive),
        filter.parentId === undefined ? undefined : eq(formFolders.parent_id, filter.parentId),
        filter.grandparentId === undefined
          ? undefined
          : sql`${formFolders.parent_id} in (select p.id from form_folders p where p.parent_id = ${filter.grandparentId})`,
      ),
    )
    .orderBy(...folderOrder);
}

/** Every live folder, level by level, each level by sort order then name: the tree. */
export async function listLiveFolders(executor: Executor, reader: FormReader): Promise<FolderWithCount[]> {
  return executor
    .select(withCount(reader))
    .from(formFolders)
    .where(liveFolder)
    .orderBy(asc(formFolders.level), ...folderOrder);
}

export async function findFolder(
  executor: Executor,
  reader: FormReader,
  level: number,
  id: number,
): Promise<FolderWithCount | undefined> {
  const [row] = await executor
    .select(withCount(reader))
    .from(formFolders)
    .where(and(eq(formFolders.id, id), eq(formFolders.level, level), liveFolder));
  return row;
}

/** The live children of these folders, by sort order then name. */
export async function listChildren(executor: Executor, parentIds: readonly number[]): Promise<FolderRef[]> {
  if (parentIds.length === 0) return [];
  return executor
    .select({ id: formFolders.id, name: formFolders.name, slug: formFolders.slug, parent_id: formFolders.parent_id })
    .from(formFolders)
    .where(and(inArray(formFolders.parent_id, [...parentIds]), liveFolder))
    .orderBy(...folderOrder);
}

/**
 * A live folder of the level, locked FOR UPDATE for a change or a delete: a folder, form or move into
 * it (which holds it FOR SHARE) waits, then finds it gone.
 */
export async function lockFolder(executor: Executor, level: number, id: number): Promise<FolderRow | undefined> {
  const [row] = await executor
    .select()
    .from(formFolders)
    .where(and(eq(formFolders.id, id), eq(formFolders.level, level), liveFolder))
    .for('update');
  return row;
}

/**
 * A live folder of the level held FOR SHARE until the transaction ends: a folder made or moved into
 * it cannot slip past a delete of it running at the same moment (the delete locks it FOR UPDATE).
 */
export async function shareFolder(executor: Executor, level: number, id: number): Promise<FolderRow | undefined> {
  const [row] = await executor
    .select()
    .from(formFolders)
    .where(and(eq(formFolders.id, id), eq(formFolders.level, level), liveFolder))
    .for('share');
  return row;
}

/** Does a live folder under this parent (null: a category) already have the slug? */
export async function isSlugTaken(
  executor: Executor,
  parentId: number | null,
  slug: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await executor
    .select({ id: formFolders.id })
    .from(formFolders)
    .where(
      and(
        parentId === null ? isNull(formFolders.parent_id) : eq(formFolders.parent_id, parentId),
        eq(formFolders.slug, slug),
        liveFolder,
        exceptId === undefined ? undefined : ne(formFolders.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertFolder(executor: Executor, values: NewFolder): Promise<FolderRow> {
  const [row] = await executor.insert(formFolders).values(values).returning();
  return row!;
}

/** Callers hold the folder (lockFolder) first. */
export async function updateFolder(executor: Executor, id: number, values: Partial<NewFolder>): Promise<void> {
  await executor.update(formFolders).set(values).where(eq(formFolders.id, id));
}

/**
 * Locks the live folders below a locked folder, a level at a time, top down: each level is read after
 * the one above is locked, so a folder made in one of them meanwhile (its maker held the parent FOR
 * SHARE and has committed) is found and locked too. Answers their ids.
 */
export async function lockLiveDescendants(executor: Executor, id: number): Promise<number[]> {
  const found: number[] = [];
  let parents = [id];
  while (parents.length > 0) {
    const rows = await executor
      .select({ id: formFolders.id })
      .from(formFolders)
      .where(and(inArray(formFolders.parent_id, parents), liveFolder))
      .orderBy(asc(formFolders.id))
      .for('update');
    parents = rows.map((row) => row.id);
    found.push(...parents);
  }
  return found;
}

/** Live forms in these folders: those the reader may see, and those they may not (others' private ones). */
export async function countLiveForms(
  executor: Executor,
  reader: FormReader,
  folderIds: readonly number[],
): Promise<{ seen: number; unseen: number }> {
  const [row] = await executor
    .select({
      seen: sql<number>`count(*) filter (where ${visibleToReader(reader, 'forms')})::int`,
      unseen: sql<number>`count(*) filter (where not ${visibleToReader(reader, 'forms')})::int`,
    })
    .from(forms)
    .where(and(inArray(forms.folder_id, [...folderIds]), isNull(forms.deleted_at)));
  return { seen: row?.seen ?? 0, unseen: row?.unseen ?? 0 };
}

/**
 * Moves a locked folder to the trash with its live descendants (locked by lockLiveDescendants) and the
 * live forms in them, these marked as trashed with it so a restore brings back exactly those; answers
 * how many forms went.
 */
export async function trashFolder(
  executor: Executor,
  id: number,
  descendantIds: readonly number[],
  actorId: number,
  at: Date,
): Promise<number> {
  const trashed = { deleted_at: at, deleted_by: actorId };
  await executor
    .update(formFolders)
    .set({ ...trashed, trashed_with_folder: false })
    .where(and(eq(formFolders.id, id), liveFolder));
  if (descendantIds.length > 0) {
    await executor
      .update(formFolders)
      .set({ ...trashed, trashed_with_folder: true })
      .where(and(inArray(formFolders.id, [...descendantIds]), liveFolder));
  }
  const went = await executor
    .update(forms)
    .set({ ...trashed, trashed_with_folder: true })
    .where(and(inArray(forms.folder_id, [id, ...descendantIds]), isNull(forms.deleted_at)))
    .returning({ id: forms.id });
  return went.length;
}
