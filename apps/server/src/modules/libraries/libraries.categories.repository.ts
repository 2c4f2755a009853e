import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Library } from '@srpf/shared';
import type { Executor } from '../../db/client.js';
import { libraryCategories, libraryDocuments, librarySubcategories } from '../../db/schema/libraries.js';

export type CategoryRow = typeof libraryCategories.$inferSelect;
export type NewCategory = typeof libraryCategories.$inferInsert;
export type SubcategoryRow = typeof librarySubcategories.$inferSelect;
export type NewSubcategory = typeof librarySubcategories.$inferInsert;

/** Folders outside the trash: every read but the trash's own. */
export const liveCategory = isNull(libraryCategories.deleted_at);
export const liveSubcategory = isNull(librarySubcategories.deleted_at);

const categoryColumns = {
  category: libraryCategories,
  // Written out in full: Drizzle leaves columns unqualified inside sql``, which a correlated subquery misreads.
  subcategory_count: sql<number>`(select count(*)::int from library_subcategories s where s.category_id = library_categories.id and s.deleted_at is null)`,
  document_count: sql<number>`(select count(*)::int from library_documents d where d.category_id = library_categories.id and d.deleted_at is null)`,
};
export type CategoryWithCounts = { category: CategoryRow; subcategory_count: number; document_count: number };

const subcategoryColumns = {
  subcategory: librarySubcategories,
  category_name: libraryCategories.name,
  document_count: sql<number>`(select count(*)::int from library_documents d where d.subcategory_id = library_subcategories.id and d.deleted_at is null)`,
};
export type SubcategoryWithCounts = { subcategory: SubcategoryRow; category_name: string; document_count: number };

export async function listCategories(executor: Executor, library: Library): Promise<CategoryWithCounts[]> {
  return executor
    .select(categoryColumns)
    .from(libraryCategories)
    .where(and(eq(libraryCategories.library, library), liveCategory))
    .orderBy(asc(libraryCategories.name), asc(libraryCategories.id));
}

export async function findCategory(
  executor: Executor,
  library: Library,
  id: number,
): Promise<CategoryWithCounts | undefined> {
  const [row] = await executor
    .select(categoryColumns)
    .from(libraryCategories)
    .where(and(eq(libraryCategories.library, library), eq(libraryCategories.id, id), liveCategory));
  return row;
}

export async function insertCategory(executor: Executor, values: NewCategory): Promise<CategoryRow> {
  const [row] = await executor.insert(libraryCategories).values(values).returning();
  return row!;
}

export async function updateCategory(
  executor: Executor,
  library: Library,
  id: number,
  values: Partial<NewCategory>,
): Promise<CategoryRow | undefined> {
  const [row] = await executor
    .update(libraryCategories)
    .set(values)
    .where(and(eq(libraryCategories.library, library), eq(libraryCategories.id, id), liveCategory))
    .returning();
  return row;
}

/**
 * Locks a category for a delete: a document being added to it concurrently waits (its foreign-key
 * check needs the row), then fails, so no file escapes the list of files to remove.
 */
export async function lockCategory(executor: Executor, library: Library, id: number): Promise<CategoryRow | undefined> {
  const [row] = await executor
    .select()
    .from(libraryCategories)
    .where(and(eq(libraryCategories.library, library), eq(libraryCategories.id, id), liveCategory))
    .for('update');
  return row;
}

/**
 * Moves a live category to the trash with its live subcategories and documents (marked as trashed
 * with it, so a restore brings back exactly those); answers how many documents went.
 */
export async function trashCategory(executor: Executor, id: number, actorId: number, at: Date): Promise<number> {
  const trashed = { deleted_at: at, deleted_by: actorId };
  await executor
    .update(libraryCategories)
    .set(trashed)
    .where(and(eq(libraryCategories.id, id), liveCategory));
  await executor
    .update(librarySubcategories)
    .set({ ...trashed, trashed_with_folder: true })
    .where(and(eq(librarySubcategories.category_id, id), liveSubcategory));
  const documents = await executor
    .update(libraryDocuments)
    .set({ ...trashed, trashed_with_folder: true })
    .where(and(eq(libraryDocuments.category_id, id), isNull(libraryDocuments.deleted_at)))
    .returning({ id: libraryDocuments.id });
  return documents.length;
}

export async function listSubcategories(
  executor: Executor,
  library: Library,
  categoryId: number,
): Promise<SubcategoryWithCounts[]> {
  return executor
    .select(subcategoryColumns)
    .from(librarySubcategories)
    .innerJoin(libraryCategories, eq(libraryCategories.id, librarySubcategories.category_id))
    .where(
      and(eq(libraryCategories.library, library), eq(librarySubcategories.category_id, categoryId), liveSubcategory),
    )
    .orderBy(asc(librarySubcategories.name), asc(librarySubcategories.id));
}

export async function findSubcategory(
  executor: Executor,
  library: Library,
  id: number,
): Promise<SubcategoryWithCounts | undefined> {
  const [row] = await executor
    .select(subcategoryColumns)
    .from(librarySubcategories)
    .innerJoin(libraryCategories, eq(libraryCategories.id, librarySubcategories.category_id))
    .where(and(eq(libraryCategories.library, library), eq(librarySubcategories.id, id), liveSubcategory, liveCategory));
  return row;
}

export async function insertSubcategory(executor: Executor, values: NewSubcategory): Promise<SubcategoryRow> {
  const [row] = await executor.insert(librarySubcategories).values(values).returning();
  return row!;
}

/** Callers check first that the subcategory belongs to the library. */
export async function updateSubcategory(
  executor: Executor,
  id: number,
  values: Partial<NewSubcategory>,
): Promise<SubcategoryRow | undefined> {
  const [row] = await executor
    .update(librarySubcategories)
    .set(values)
    .where(eq(librarySubcategories.id, id))
    .returning();
  return row;
}

/** As lockCategory, for a subcategory of the library. */
export async function lockSubcategory(
  executor: Executor,
  library: Library,
  id: number,
): Promise<SubcategoryRow | undefined> {
  const [row] = await executor
    .select({ subcategory: librarySubcategories })
    .from(librarySubcategories)
    .innerJoin(libraryCategories, eq(libraryCategories.id, librarySubcategories.category_id))
    .where(and(eq(libraryCategories.library, library), eq(librarySubcategories.id, id), liveSubcategory, liveCategory))
    .for('update', { of: librarySubcategories });
  return row?.subcategory;
}

/** As trashCategory, for a subcategory on its own and its live documents. */
export async function trashSubcategory(executor: Executor, id: number, actorId: number, at: Date): Promise<number> {
  const trashed = { deleted_at: at, deleted_by: actorId };
  await executor
    .update(librarySubcategories)
    .set({ ...trashed, trashed_with_folder: false })
    .where(and(eq(librarySubcategories.id, id), liveSubcategory));
  const documents = await executor
    .update(libraryDocuments)
    .set({ ...trashed, trashed_with_folder: true })
    .where(and(eq(libraryDocuments.subcategory_id, id), isNull(libraryDocuments.deleted_at)))
    .returning({ id: libraryDocuments.id });
  return documents.length;
}

/**
 * A live category held FOR SHARE until the transaction ends: a document filed into it, or a
 * subcategory made or moved into it, cannot slip past a delete of it running at the same moment (the
 * delete locks it FOR UPDATE first, so one of the two waits for the other).
 */
export async function shareCategory(
  executor: Executor,
  library: Library,
  id: number,
): Promise<CategoryRow | undefined> {
  const [row] = await executor
    .select()
    .from(libraryCategories)
    .where(and(eq(libraryCategories.library, library), eq(libraryCategories.id, id), liveCategory))
    .for('share');
  return row;
}

/** As shareCategory, for a live subcategory of the library (its category is to be held as well). */
export async function shareSubcategory(
  executor: Executor,
  library: Library,
  id: number,
): Promise<SubcategoryRow | undefined> {
  const [row] = await executor
    .select({ subcategory: librarySubcategories })
    .from(librarySubcategories)
    .innerJoin(libraryCategories, eq(libraryCategories.id, librarySubcategories.category_id))
    .where(and(eq(libraryCategories.library, library), eq(librarySubcategories.id, id), liveSubcategory, liveCategory))
    .for('share', { of: librarySubcategories });
  return row?.subcategory;
}

/**
 * Holds folders FOR SHARE, the category before the subcategory, whether live or in the trash. Every
 * change that touches a folder and a record inside it takes its locks in this order — folders first,
 * then the record — as a folder's delete, restore and purge do, so two such changes wait for each
 * other instead of deadlocking.
 */
export async function holdFolders(
  executor: Executor,
  folder: { category_id?: number | null; subcategory_id?: number | null },
): Promise<void> {
  if (folder.category_id !== undefined && folder.category_id !== null) {
    await executor
      .select({ id: libraryCategories.id })
      .from(libraryCategories)
      .where(eq(libraryCategories.id, folder.category_id))
      .for('share');
  }
  if (folder.subcategory_id !== undefined && folder.subcategory_id !== null) {
    await executor
      .select({ id: librarySubcategories.id })
      .from(librarySubcategories)
      .where(eq(librarySubcategories.id, folder.subcategory_id))
      .for('share');
  }
}

/** The category of a live subcategory of the library, read without a lock (the caller holds both next). */
export async function categoryOfSubcategory(
  executor: Executor,
  library: Library,
  id: number,
): Promise<number | undefined> {
  const [row] = await executor
    .select({ category_id: librarySubcategories.category_id })
    .from(librarySubcategories)
    .innerJoin(libraryCategories, eq(libraryCategories.id, librarySubcategories.category_id))
    .where(and(eq(libraryCategories.library, library), eq(librarySubcategories.id, id), liveSubcategory, liveCategory));
  return row?.category_id;
}
