import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNull,
  lt,
  max,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FormLanguage } from '@srpf/shared';
import type { Executor } from '../../db/client.js';
import { countAhead } from '../../db/count-ahead.js';
import { textSearch } from '../../db/text-search.js';
import { formDownloads, formFolders, forms, users } from '../../db/schema/index.js';
import { visibleToReader, type FormReader } from './forms.visibility.js';

export type FormRow = typeof forms.$inferSelect;
export type NewForm = typeof forms.$inferInsert;

/** Forms outside the trash: every read of the library but the trash's own. */
export const liveForm = isNull(forms.deleted_at);

// A form names its deepest folder; its path is read up the tree (folder, its parent, the parent's parent).
const folder = alias(formFolders, 'folder');
const parentFolder = alias(formFolders, 'parent_folder');
const grandparentFolder = alias(formFolders, 'grandparent_folder');
const uploader = alias(users, 'uploader');

type FolderColumn = 'id' | 'name' | 'sort_order';
/** A column of the form's folder at one level of its path (1 category, 2 subcategory, 3 sub-subcategory); null above its depth. */
function atLevel<T>(level: 1 | 2 | 3, column: FolderColumn): SQL<T | null> {
  const own = folder[column];
  const parent = parentFolder[column];
  const grandparent = grandparentFolder[column];
  if (level === 1)
    return sql`case ${folder.level} when 1 then ${own} when 2 then ${parent} when 3 then ${grandparent} end`;
  if (level === 2) return sql`case ${folder.level} when 2 then ${own} when 3 then ${parent} end`;
  return sql`case ${folder.level} when 3 then ${own} end`;
}

/** Every column but the search text and its words, which are never shown. */
const { search_text: _searchText, search_vector: _searchVector, ...shownColumns } = getTableColumns(forms);

const formColumns = {
  ...shownColumns,
  category_id: atLevel<number>(1, 'id'),
  category_name: atLevel<string>(1, 'name'),
  subcategory_id: atLevel<number>(2, 'id'),
  subcategory_name: atLevel<string>(2, 'name'),
  sub_subcategory_id: atLevel<number>(3, 'id'),
  sub_subcategory_name: atLevel<string>(3, 'name'),
  uploader_first: uploader.first_name,
  uploader_last: uploader.last_name,
};

function selectForms(executor: Executor) {
  return executor
    .select(formColumns)
    .from(forms)
    .leftJoin(folder, eq(folder.id, forms.folder_id))
    .leftJoin(parentFolder, eq(parentFolder.id, folder.parent_id))
    .leftJoin(grandparentFolder, eq(grandparentFolder.id, parentFolder.parent_id))
    .leftJoin(uploader, eq(uploader.id, forms.uploaded_by));
}

export type FormView = Awaited<ReturnType<ReturnType<typeof selectForms>['execute']>>[number];

/** The lower-cased text a search looks in: the title and the legacy category. */
export function searchTextOf(form: { title: string; category?: string | null }): string {
  return [form.title, form.category].filter(Boolean).join(' ').toLowerCase();
}

/** Live forms the reader may see (forms.visibility.ts: the SQL form of maySeeForm). */
const visibleTo = (reader: FormReader) => visibleToReader(reader, 'forms');

/**
 * Forms in a folder or anywhere below it: the folder at its own level, its children one level down,
 * their children two levels down (the tree has three levels, and a child is always one level below
 * its parent). An id of another level matches nothing.
 */
function inFolder(executor: Executor, level: 1 | 2 | 3, id: number): SQL {
  const candidate = alias(formFolders, 'candidate');
  const candidateParent = alias(formFolders, 'candidate_parent');
  const below = [and(eq(candidate.id, id), eq(candidate.level, level))];
  if (level < 3) below.push(and(eq(candidate.parent_id, id), eq(candidate.level, level + 1)));
  if (level < 2) below.push(and(eq(candidateParent.parent_id, id), eq(candidate.level, level + 2)));
  const folders = executor
    .select({ id: candidate.id })
    .from(candidate)
    .leftJoin(candidateParent, eq(candidateParent.id, candidate.parent_id))
    .where(or(...below));
  return inArray(forms.folder_id, folders);
}

export interface FormFilter {
  search?: string;
  language?: FormLanguage;
  categoryId?: number;
  subcategoryId?: number;
  subSubcategoryId?: number;
  isPublic?: boolean;
  /** Created at or after this moment. */
  from?: Date;
  /** Created before this moment. */
  until?: Date;
}

/** Newest first, or in folder order (the tree's sort order and names, uncategorised last, then titles). */
export type FormOrder = 'newest' | 'folders';

function folderOrder(): SQL[] {
  return [
    sql`${atLevel(1, 'sort_order')} asc nulls last`,
    sql`${atLevel(1, 'name')} asc nulls last`,
    sql`${atLevel(1, 'id')} asc nulls last`,
    // A form filed in the category itself comes before its subcategories' forms.
    sql`${atLevel(2, 'sort_order')} asc nulls first`,
    sql`${atLevel(2, 'name')} asc nulls first`,
    sql`${atLevel(2, 'id')} asc nulls first`,
    sql`${atLevel(3, 'sort_order')} asc nulls first`,
    sql`${atLevel(3, 'name')} asc nulls first`,
    sql`${atLevel(3, 'id')} asc nulls first`,
    asc(forms.title),
    asc(forms.id),
  ];
}

export async function listForms(
  executor: Executor,
  reader: FormReader,
  filter: FormFilter,
  order: FormOrder,
  page: number,
  limit: number,
) {
  const search = textSearch(filter.search, { text: forms.search_text, vector: forms.search_vector });
  const where = and(
    liveForm,
    visibleTo(reader),
    filter.categoryId !== undefined ? inFolder(executor, 1, filter.categoryId) : undefined,
    filter.subcategoryId !== undefined ? inFolder(executor, 2, filter.subcategoryId) : undefined,
    filter.subSubcategoryId !== undefined ? inFolder(executor, 3, filter.subSubcategoryId) : undefined,
    filter.language !== undefined ? eq(forms.language, filter.language) : undefined,
    filter.isPublic !== undefined ? eq(forms.is_public, filter.isPublic) : undefined,
    filter.from ? gte(forms.created_at, filter.from) : undefined,
    filter.until ? lt(forms.created_at, filter.until) : undefined,
    search?.where,
  );
  const offset = (page - 1) * limit;
  const ordering =
    order === 'folders'
      ? folderOrder()
      : [...(search ? [desc(search.rank)] : []), desc(forms.created_at), desc(forms.id)];
  const [rows, { total, capped }] = await Promise.all([
    selectForms(executor)
      .where(where)
      .orderBy(...ordering)
      .limit(limit)
      .offset(offset),
    countAhead(executor, forms, where, offset),
  ]);
  return { rows, total, capped };
}

/** A live form the reader may see, with its path and uploader. */
export async function findForm(executor: Executor, reader: FormReader, id: number): Promise<FormView | undefined> {
  const [row] = await selectForms(executor).where(and(eq(forms.id, id), liveForm, visibleTo(reader)));
  return row;
}

/** The folder of a live form, read without a lock (the caller holds the folders, then locks the form). */
export async function folderOfLiveForm(
  executor: Executor,
  id: number,
): Promise<{ folder_id: number | null } | undefined> {
  const [row] = await executor
    .select({ folder_id: forms.folder_id })
    .from(forms)
    .where(and(eq(forms.id, id), liveForm));
  return row;
}

/** The live row itself, locked until the transaction ends, for a change that reads it first. */
export async function lockForm(executor: Executor, id: number): Promise<FormRow | undefined> {
  const [row] = await executor
    .select()
    .from(forms)
    .where(and(eq(forms.id, id), liveForm))
    .for('update');
  return row;
}

/**
 * What a live form's download needs. `hold`: the row is held (FOR SHARE) until the transaction ends,
 * so a delete at the same moment waits for the download row.
 */
export async function formFile(executor: Executor, id: number, options: { hold?: boolean } = {}) {
  const query = executor
    .select({
      id: forms.id,
      title: forms.title,
      file_key: forms.file_key,
      file_name: forms.file_name,
      is_public: forms.is_public,
      uploaded_by: forms.uploaded_by,
    })
    .from(forms)
    .where(and(eq(forms.id, id), liveForm));
  const [row] = options.hold ? await query.for('share') : await query;
  return row;
}

export async function insertForm(executor: Executor, values: NewForm): Promise<FormRow> {
  const [row] = await executor.insert(forms).values(values).returning();
  return row!;
}

export async function updateForm(executor: Executor, id: number, values: Partial<NewForm>): Promise<void> {
  await executor.update(forms).set(values).where(eq(forms.id, id));
}

/** Moves a live form to the trash, on its own (not with a folder). */
export async function trashForm(executor: Executor, id: number, actorId: number, at: Date): Promise<void> {
  await executor
    .update(forms)
    .set({ deleted_at: at, deleted_by: actorId, trashed_with_folder: false, updated_at: sql`${forms.updated_at}` })
    .where(and(eq(forms.id, id), liveForm));
}

// ---------------------------------------------------------------------------------------------
// Downloads

export async function insertDownload(
  executor: Executor,
  values: { form_id: number; user_id: number; expires_at: Date },
) {
  const [row] = await executor
    .insert(formDownloads)
    .values(values)
    .returning({ id: formDownloads.id, expires_at: formDownloads.expires_at });
  return row!;
}

export async function findDownload(executor: Executor, id: number) {
  const [row] = await executor
    .select({
      id: formDownloads.id,
      form_id: formDownloads.form_id,
      user_id: formDownloads.user_id,
      expires_at: formDownloads.expires_at,
    })
    .from(formDownloads)
    .where(eq(formDownloads.id, id));
  return row;
}

/** Downloads handed out for a form: how many, by how many people, the last when. */
export async function downloadStats(executor: Executor, formId: number) {
  const [row] = await executor
    .select({ total: count(), people: countDistinct(formDownloads.user_id), last: max(formDownloads.created_at) })
    .from(formDownloads)
    .where(eq(formDownloads.form_id, formId));
  return { total: row?.total ?? 0, people: row?.people ?? 0, last: row?.last ?? null };
}

// ---------------------------------------------------------------------------------------------
// Counts and stored files

/** Live forms the reader may see, created within [from, until). */
export async function countCreated(executor: Executor, reader: FormReader, from: Date, until: Date): Promise<number> {
  const [row] = await executor
    .select({ value: count() })
    .from(forms)
    .where(and(liveForm, visibleTo(reader), gte(forms.created_at, from), lt(forms.created_at, until)));
  return row?.value ?? 0;
}

/** Of these stored-file keys, those a form refers to, trashed forms included (their files wait for a purge). */
export async function referencedFileKeys(executor: Executor, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await executor
    .select({ key: forms.file_key })
    .from(forms)
    .where(inArray(forms.file_key, [...keys]));
  return new Set(rows.map((row) => row.key));
}

/** Keys the forms refer to (trashed ones included), in key order after `after`, with the row naming each. */
export async function fileKeyPage(
  executor: Executor,
  after: string,
  limit: number,
): Promise<{ key: string; row: string }[]> {
  const result = await executor.execute(sql`
    select file_key as key, 'forms ' || min(id) as row from forms where file_key > ${after}
    group by file_key order by file_key limit ${limit}`);
  return (result as { rows: { key: string; row: string }[] }).rows;
}
