import { and, eq, isNotNull, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import type { Library } from '@srpf/shared';
import type { Executor } from '../../db/client.js';
import { libraryCategories, libraryDocuments, librarySubcategories } from '../../db/schema/libraries.js';
import { fileKeysOfDocuments } from './libraries.documents.repository.js';

/**
 * The libraries' trash in SQL. An item is what someone deleted: a category, a subcategory or a
 * document on its own; what went with a folder (`trashed_with_folder`) comes back and goes with it.
 */

export type LibraryTrashKind = 'document' | 'category' | 'subcategory';

export interface TrashRow {
  kind: LibraryTrashKind;
  id: number;
  label: string;
  library: Library;
  location: string | null;
  deleted_at: Date;
  deleted_by: number | null;
  deleted_by_first: string | null;
  deleted_by_last: string | null;
  documents: number;
  restorable: boolean;
  folder_present: boolean;
}

/**
 * What went to the trash with a folder, in one place: the trash's count, the restore and the purge
 * all read these, so what a confirmation counts is what comes back or goes. With a category: its
 * documents trashed with a folder, directly in it or in a subcategory that went with it (not those of
 * a subcategory deleted on its own before, which is its own item). With a subcategory: its documents
 * trashed with a folder.
 */
function wentWithCategory(categoryId: SQL | number): SQL {
  return and(
    sql`${libraryDocuments.category_id} = ${categoryId}`,
    isNotNull(libraryDocuments.deleted_at),
    eq(libraryDocuments.trashed_with_folder, true),
    or(
      isNull(libraryDocuments.subcategory_id),
      sql`exists (select 1 from library_subcategories ws where ws.id = ${libraryDocuments.subcategory_id} and ws.trashed_with_folder)`,
    ),
  )!;
}

function wentWithSubcategory(subcategoryId: SQL | number): SQL {
  return and(
    sql`${libraryDocuments.subcategory_id} = ${subcategoryId}`,
    isNotNull(libraryDocuments.deleted_at),
    eq(libraryDocuments.trashed_with_folder, true),
  )!;
}

function trashItems(library: Library) {
  return sql`
    select 'category' as kind, c.id, c.name as label, c.library, null::text as location, c.deleted_at, c.deleted_by,
      (select count(*)::int from library_documents where ${wentWithCategory(sql`c.id`)}) as documents,
      true as restorable, true as folder_present
    from library_categories c
    where c.library = ${library} and c.deleted_at is not null
    union all
    select 'subcategory', s.id, s.name, c.library, c.name, s.deleted_at, s.deleted_by,
      (select count(*)::int from library_documents where ${wentWithSubcategory(sql`s.id`)}),
      c.deleted_at is null, c.deleted_at is null
    from library_subcategories s join library_categories c on c.id = s.category_id
    where c.library = ${library} and s.deleted_at is not null and not s.trashed_with_folder
    union all
    select 'document', d.id, d.title, d.library, nullif(concat_ws(' / ', c.name, s.name), ''), d.deleted_at, d.deleted_by, 1, true,
      (d.category_id is null and not d.folder_purged) or (c.deleted_at is null and (d.subcategory_id is null or s.deleted_at is null))
    from library_documents d
      left join library_categories c on c.id = d.category_id
      left join library_subcategories s on s.id = d.subcategory_id
    where d.library = ${library} and d.deleted_at is not null and not d.trashed_with_folder`;
}

/** One page of a library's trash, newest deletion first, with the total. */
export async function listTrash(
  executor: Executor,
  library: Library,
  offset: number,
  limit: number,
): Promise<{ rows: TrashRow[]; total: number }> {
  const items = trashItems(library);
  const [page, count] = await Promise.all([
    executor.execute(sql`
      select t.*, u.first_name as deleted_by_first, u.last_name as deleted_by_last
      from (${items}) t left join users u on u.id = t.deleted_by
      order by t.deleted_at desc, t.kind, t.id desc
      limit ${limit} offset ${offset}`),
    executor.execute(sql`select count(*)::int as total from (${items}) t`),
  ]);
  const rows = (page as { rows: (Omit<TrashRow, 'deleted_at'> & { deleted_at: Date | string })[] }).rows.map((row) => ({
    ...row,
    deleted_at: new Date(row.deleted_at),
  }));
  return { rows, total: (count as { rows: { total: number }[] }).rows[0]?.total ?? 0 };
}

// ---------------------------------------------------------------------------------------------
// One item, locked for a restore or a purge

export async function lockTrashedDocument(executor: Executor, id: number) {
  const [row] = await executor
    .select()
    .from(libraryDocuments)
    .where(
      and(
        eq(libraryDocuments.id, id),
        isNotNull(libraryDocuments.deleted_at),
        eq(libraryDocuments.trashed_with_folder, false),
      ),
    )
    .for('update');
  return row;
}

export async function lockTrashedCategory(executor: Executor, id: number) {
  const [row] = await executor
    .select()
    .from(libraryCategories)
    .where(and(eq(libraryCategories.id, id), isNotNull(libraryCategories.deleted_at)))
    .for('update');
  return row;
}

export async function lockTrashedSubcategory(executor: Executor, id: number) {
  const [row] = await executor
    .select({
      subcategory: librarySubcategories,
      library: libraryCategories.library,
      category_name: libraryCategories.name,
      category_deleted_at: libraryCategories.deleted_at,
    })
    .from(librarySubcategories)
    .innerJoin(libraryCategories, eq(libraryCategories.id, librarySubcategories.category_id))
    .where(
      and(
        eq(librarySubcategories.id, id),
        isNotNull(librarySubcategories.deleted_at),
        eq(librarySubcategories.trashed_with_folder, false),
      ),
    )
    .for('update', { of: librarySubcategories });
  return row;
}

/**
 * The folders a trashed document or subcategory was in, read without a lock: a restore locks those
 * folders first (holdFolders), then the item, in the order a folder's delete and purge take them.
 */
export async function foldersOfTrashedDocument(executor: Executor, id: number) {
  const [row] = await executor
    .select({ category_id: libraryDocuments.category_id, subcategory_id: libraryDocuments.subcategory_id })
    .from(libraryDocuments)
    .where(
      and(
        eq(libraryDocuments.id, id),
        isNotNull(libraryDocuments.deleted_at),
        eq(libraryDocuments.trashed_with_folder, false),
      ),
    );
  return row;
}

export async function categoryOfTrashedSubcategory(executor: Executor, id: number): Promise<number | undefined> {
  const [row] = await executor
    .select({ category_id: librarySubcategories.category_id })
    .from(librarySubcategories)
    .where(
      and(
        eq(librarySubcategories.id, id),
        isNotNull(librarySubcategories.deleted_at),
        eq(librarySubcategories.trashed_with_folder, false),
      ),
    );
  return row?.category_id;
}

/** Is this folder live (not in the trash)? */
export async function isLiveCategory(executor: Executor, id: number): Promise<boolean> {
  const [row] = await executor
    .select({ id: libraryCategories.id })
    .from(libraryCategories)
    .where(and(eq(libraryCategories.id, id), isNull(libraryCategories.deleted_at)));
  return row !== undefined;
}

export async function isLiveSubcategory(executor: Executor, id: number): Promise<boolean> {
  const [row] = await executor
    .select({ id: librarySubcategories.id })
    .from(librarySubcategories)
    .where(and(eq(librarySubcategories.id, id), isNull(librarySubcategories.deleted_at)));
  return row !== undefined;
}

// ---------------------------------------------------------------------------------------------
// Restore

const restored = { deleted_at: null, deleted_by: null, trashed_with_folder: false };

export async function restoreDocument(
  executor: Executor,
  id: number,
  folder: { category_id: number | null; subcategory_id: number | null },
): Promise<void> {
  await executor
    .update(libraryDocuments)
    .set({ ...restored, folder_purged: false, ...folder })
    .where(eq(libraryDocuments.id, id));
}

/** The subcategory and the documents that went with it; answers how many documents came back. */
export async function restoreSubcategory(executor: Executor, id: number): Promise<number> {
  await executor.update(librarySubcategories).set(restored).where(eq(librarySubcategories.id, id));
  const documents = await executor
    .update(libraryDocuments)
    .set(restored)
    .where(wentWithSubcategory(id))
    .returning({ id: libraryDocuments.id });
  return documents.length;
}

/**
 * The category, the subcategories that went with it, and the documents that went with it (not those
 * of a subcategory deleted on its own before, which stay in the trash with it).
 */
export async function restoreCategory(executor: Executor, id: number): Promise<number> {
  // The documents first: the rule reads which subcategories went with the category.
  const documents = await executor
    .update(libraryDocuments)
    .set(restored)
    .where(wentWithCategory(id))
    .returning({ id: libraryDocuments.id });
  await executor
    .update(librarySubcategories)
    .set(restored)
    .where(
      and(
        eq(librarySubcategories.category_id, id),
        isNotNull(librarySubcategories.deleted_at),
        eq(librarySubcategories.trashed_with_folder, true),
      ),
    );
  await executor
    .update(libraryCategories)
    .set({ deleted_at: null, deleted_by: null })
    .where(eq(libraryCategories.id, id));
  return documents.length;
}

// ---------------------------------------------------------------------------------------------
// Purge: rows deleted (their versions, acknowledgments and events go by cascade), file keys answered

export async function purgeDocument(executor: Executor, id: number): Promise<string[]> {
  const keys = await fileKeysOfDocuments(executor, eq(libraryDocuments.id, id));
  await executor.delete(libraryDocuments).where(eq(libraryDocuments.id, id));
  return keys;
}

/**
 * A purge deletes only what went to the trash with the folder. Every other document in it outlives
 * the purge: one deleted on its own (or with a subcategory deleted on its own, which a category's purge
 * takes along, since it cannot outlive its category) stays in the trash on its own, restorable at the
 * library's root, or in the category when only a subcategory is purged (`folder_purged` makes its
 * restore say so); a live one found there (put there by a request racing the folder's delete) stays live.
 */
async function detachOthers(
  executor: Executor,
  folder: SQL,
  went: SQL,
  detach: { category_id?: null; subcategory_id: null },
): Promise<void> {
  await executor
    .update(libraryDocuments)
    .set({ ...detach, trashed_with_folder: false, folder_purged: sql`${libraryDocuments.deleted_at} is not null` })
    .where(and(folder, not(went)));
}

/** The subcategory and the documents that went to the trash with it. */
export async function purgeSubcategory(executor: Executor, id: number): Promise<{ keys: string[]; documents: number }> {
  const went = wentWithSubcategory(id);
  await detachOthers(executor, eq(libraryDocuments.subcategory_id, id), went, { subcategory_id: null });
  const keys = await fileKeysOfDocuments(executor, went);
  const documents = await executor.delete(libraryDocuments).where(went).returning({ id: libraryDocuments.id });
  await executor.delete(librarySubcategories).where(eq(librarySubcategories.id, id));
  return { keys, documents: documents.length };
}

/** The category, its subcategories, and the documents that went to the trash with it. */
export async function purgeCategory(executor: Executor, id: number): Promise<{ keys: string[]; documents: number }> {
  const went = wentWithCategory(id);
  await detachOthers(executor, eq(libraryDocuments.category_id, id), went, { category_id: null, subcategory_id: null });
  const keys = await fileKeysOfDocuments(executor, went);
  const documents = await executor.delete(libraryDocuments).where(went).returning({ id: libraryDocuments.id });
  await executor.delete(libraryCategories).where(eq(libraryCategories.id, id));
  return { keys, documents: documents.length };
}

/** Items deleted before `before`, oldest first, at most `limit`: what the retention job purges. */
export async function listExpired(
  executor: Executor,
  before: Date,
  limit: number,
): Promise<{ kind: LibraryTrashKind; id: number }[]> {
  const at = before.toISOString();
  const result = await executor.execute(sql`
    select kind, id from (
      select 'category' as kind, id, deleted_at from library_categories where deleted_at < ${at}::timestamptz
      union all
      select 'subcategory', id, deleted_at from library_subcategories where deleted_at < ${at}::timestamptz and not trashed_with_folder
      union all
      select 'document', id, deleted_at from library_documents where deleted_at < ${at}::timestamptz and not trashed_with_folder
    ) t order by deleted_at, id limit ${limit}`);
  return (result as { rows: { kind: LibraryTrashKind; id: number }[] }).rows;
}
