import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Library } from '@srpf/shared';
import type { Executor } from '../../db/client.js';
import { libraryCategories, libraryDocuments, librarySubcategories } from '../../db/schema/libraries.js';

export type CategoryRow = typeof libraryCategories.$inferSelect;
export type NewCategory = typeof libraryCategories.$inferInsert;
export type SubcategoryRow = typeof librarySubcategories.$inferSelect;
export type NewSubcategory = typeof librarySubcategories.$inferInsert;

const categoryColumns = {
  category: libraryCategories,
  // Written out in full: Drizzle leaves columns unqualified inside sql``, which a correlated subquery misreads.
  subcategory_count: sql<number>`(select count(*)::int from library_subcategories s where s.category_id = library_categories.id)`,
  document_count: sql<number>`(select count(*)::int from library_documents d where d.category_id = library_categories.id)`,
};
export type CategoryWithCounts = { category: CategoryRow; subcategory_count: number; document_count: number };

const subcategoryColumns = {
  subcategory: librarySubcategories,
  category_name: libraryCategories.name,
  document_count: sql<number>`(select count(*)::int from library_documents d where d.subcategory_id = library_subcategories.id)`,
};
export type SubcategoryWithCounts = { subcategory: SubcategoryRow; category_name: string; document_count: number };

export async function listCategories(executor: Executor, library: Library): Promise<CategoryWithCounts[]> {
  return executor
    .select(categoryColumns)
    .from(libraryCategories)
    .where(eq(libraryCategories.library, library))
    .orderBy(asc(libraryCategories.name), asc(libraryCategories.id));
}

export async function findCategory(executor: Executor, library: Library, id: number): Promise<CategoryWithCounts | undefined> {
  const [row] = await executor
    .select(categoryColumns)
    .from(libraryCategories)
    .where(and(eq(libraryCategories.library, library), eq(libraryCategories.id, id)));
  return row;
}

export async function insertCategory(executor: Executor, values: NewCategory): Promise<CategoryRow> {
  const [row] = await executor.insert(libraryCategories).values(values).returning();
  return row!;
}

export async function updateCategory(executor: Executor, library: Library, id: number, values: Partial<NewCategory>): Promise<CategoryRow | undefined> {
  const [row] = await executor
    .update(libraryCategories)
    .set(values)
    .where(and(eq(libraryCategories.library, library), eq(libraryCategories.id, id)))
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
    .where(and(eq(libraryCategories.library, library), eq(libraryCategories.id, id)))
    .for('update');
  return row;
}

/** The rows go by the foreign keys' cascade (subcategories, documents, acknowledgments). */
export async function deleteCategory(executor: Executor, library: Library, id: number): Promise<CategoryRow | undefined> {
  const [row] = await executor
    .delete(libraryCategories)
    .where(and(eq(libraryCategories.library, library), eq(libraryCategories.id, id)))
    .returning();
  return row;
}

export async function listSubcategories(executor: Executor, library: Library, categoryId: number): Promise<SubcategoryWithCounts[]> {
  return executor
    .select(subcategoryColumns)
    .from(librarySubcategories)
    .innerJoin(libraryCategories, eq(libraryCategories.id, librarySubcategories.category_id))
    .where(and(eq(libraryCategories.library, library), eq(librarySubcategories.category_id, categoryId)))
    .orderBy(asc(librarySubcategories.name), asc(librarySubcategories.id));
}

export async function findSubcategory(executor: Executor, library: Library, id: number): Promise<SubcategoryWithCounts | undefined> {
  const [row] = await executor
    .select(subcategoryColumns)
    .from(librarySubcategories)
    .innerJoin(libraryCategories, eq(libraryCategories.id, librarySubcategories.category_id))
    .where(and(eq(libraryCategories.library, library), eq(librarySubcategories.id, id)));
  return row;
}

export async function insertSubcategory(executor: Executor, values: NewSubcategory): Promise<SubcategoryRow> {
  const [row] = await executor.insert(librarySubcategories).values(values).returning();
  return row!;
}

/** Callers check first that the subcategory belongs to the library. */
export async function updateSubcategory(executor: Executor, id: number, values: Partial<NewSubcategory>): Promise<SubcategoryRow | undefined> {
  const [row] = await executor
    .update(librarySubcategories)
    .set(values)
    .where(eq(librarySubcategories.id, id))
    .returning();
  return row;
}

/** As lockCategory, for a subcategory of the library. */
export async function lockSubcategory(executor: Executor, library: Library, id: number): Promise<SubcategoryRow | undefined> {
  const [row] = await executor
    .select({ subcategory: librarySubcategories })
    .from(librarySubcategories)
    .innerJoin(libraryCategories, eq(libraryCategories.id, librarySubcategories.category_id))
    .where(and(eq(libraryCategories.library, library), eq(librarySubcategories.id, id)))
    .for('update', { of: librarySubcategories });
  return row?.subcategory;
}

export async function deleteSubcategory(executor: Executor, id: number): Promise<SubcategoryRow | undefined> {
  const [row] = await executor.delete(librarySubcategories).where(eq(librarySubcategories.id, id)).returning();
  return row;
}

/** Storage keys of the files a cascade is about to orphan; they are removed once the delete commits. */
export async function fileKeysInCategory(executor: Executor, categoryId: number): Promise<string[]> {
  const rows = await executor
    .select({ key: libraryDocuments.file_key })
    .from(libraryDocuments)
    .where(and(eq(libraryDocuments.category_id, categoryId), isNotNull(libraryDocuments.file_key)));
  return rows.map((row) => row.key!);
}

export async function fileKeysInSubcategory(executor: Executor, subcategoryId: number): Promise<string[]> {
  const rows = await executor
    .select({ key: libraryDocuments.file_key })
    .from(libraryDocuments)
    .where(and(eq(libraryDocuments.subcategory_id, subcategoryId), isNotNull(libraryDocuments.file_key)));
  return rows.map((row) => row.key!);
}
