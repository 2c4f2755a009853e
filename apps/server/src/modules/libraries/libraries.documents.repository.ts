import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Library } from '@srpf/shared';
import type { Executor } from '../../db/client.js';
import { companies, libraryDocumentEvents, users } from '../../db/schema/index.js';
import {
  libraryCategories,
  libraryDocuments,
  libraryDocumentVersions,
  librarySubcategories,
} from '../../db/schema/libraries.js';

export type DocumentRow = typeof libraryDocuments.$inferSelect;
export type NewDocument = typeof libraryDocuments.$inferInsert;

const assignee = alias(users, 'assignee');
/** Documents outside the trash: every read of the libraries but the trash's own. */
export const liveDocument = isNull(libraryDocuments.deleted_at);
/** The live document `id` of the library: what every call about one document looks for. */
const liveDocumentOf = (library: Library, id: number) =>
  and(eq(libraryDocuments.library, library), eq(libraryDocuments.id, id), liveDocument);
const uploader = alias(users, 'uploader');
const author = alias(users, 'author');

/** Every column but the search text and its words, which can be as long as the content and are never shown. */
const { search_text: _searchText, search_vector: _searchVector, ...shownColumns } = getTableColumns(libraryDocuments);

/** The viewer acknowledged the document's current version (a new text is acknowledged afresh). */
export const acknowledgedBy = (viewerId: number) =>
  // Written out in full: Drizzle leaves columns unqualified inside sql``, which a correlated subquery misreads.
  sql<boolean>`exists(select 1 from library_acknowledgments a where a.document_id = library_documents.id and a.version = library_documents.version and a.user_id = ${viewerId})`;

function documentColumns(viewerId: number) {
  return {
    ...shownColumns,
    category_name: libraryCategories.name,
    category_icon: libraryCategories.icon,
    subcategory_name: librarySubcategories.name,
    subcategory_icon: librarySubcategories.icon,
    company_name: companies.name,
    assignee_first: assignee.first_name,
    assignee_last: assignee.last_name,
    author_first: author.first_name,
    author_last: author.last_name,
    // Written out in full: Drizzle leaves columns unqualified inside sql``, which a correlated subquery misreads.
    // Acknowledgments of the current version: a new text is acknowledged afresh.
    acknowledgments: sql<number>`(select count(*)::int from library_acknowledgments a where a.document_id = library_documents.id and a.version = library_documents.version)`,
    acknowledged: acknowledgedBy(viewerId),
  };
}

/** Documents with their folders, company, people and acknowledgments as the viewer sees them. */
export function selectDocuments(executor: Executor, viewerId: number) {
  return executor
    .select(documentColumns(viewerId))
    .from(libraryDocuments)
    .leftJoin(libraryCategories, eq(libraryCategories.id, libraryDocuments.category_id))
    .leftJoin(librarySubcategories, eq(librarySubcategories.id, libraryDocuments.subcategory_id))
    .leftJoin(companies, eq(companies.id, libraryDocuments.company_id))
    .leftJoin(assignee, eq(assignee.id, libraryDocuments.assignee_id))
    .leftJoin(author, eq(author.id, libraryDocuments.created_by));
}

export type DocumentView = Awaited<ReturnType<ReturnType<typeof selectDocuments>['execute']>>[number];

/**
 * The lower-cased text a search looks in. Written with every change, because the index cannot be
 * built over the columns themselves (array_to_string is not immutable).
 */
export function searchTextOf(document: {
  title: string;
  description?: string | null;
  content?: string | null;
  tags?: string[] | null;
}): string {
  return [document.title, document.description, document.content, ...(document.tags ?? [])]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
}

export async function findDocument(
  executor: Executor,
  library: Library,
  id: number,
  viewerId: number,
): Promise<DocumentView | undefined> {
  const [row] = await selectDocuments(executor, viewerId).where(liveDocumentOf(library, id));
  return row;
}

/** What a download needs. */
export async function fileOf(executor: Executor, library: Library, id: number) {
  const [row] = await executor
    .select({
      title: libraryDocuments.title,
      file_key: libraryDocuments.file_key,
      file_name: libraryDocuments.file_name,
    })
    .from(libraryDocuments)
    .where(liveDocumentOf(library, id));
  return row;
}

/** What a download of one version needs; undefined when the document or the version is not there. */
export async function versionFileOf(executor: Executor, library: Library, id: number, version: number) {
  const [row] = await executor
    .select({
      title: libraryDocuments.title,
      file_key: libraryDocumentVersions.file_key,
      file_name: libraryDocumentVersions.file_name,
    })
    .from(libraryDocumentVersions)
    .innerJoin(libraryDocuments, eq(libraryDocuments.id, libraryDocumentVersions.document_id))
    .where(and(liveDocumentOf(library, id), eq(libraryDocumentVersions.version, version)));
  return row;
}

/** The folders of a live document, read without a lock (the caller holds them, then locks the document). */
export async function foldersOfLiveDocument(executor: Executor, library: Library, id: number) {
  const [row] = await executor
    .select({ category_id: libraryDocuments.category_id, subcategory_id: libraryDocuments.subcategory_id })
    .from(libraryDocuments)
    .where(liveDocumentOf(library, id));
  return row;
}

/** The row itself, locked until the transaction ends, for a change that reads it first. */
export async function lockDocument(executor: Executor, library: Library, id: number): Promise<DocumentRow | undefined> {
  const [row] = await executor.select().from(libraryDocuments).where(liveDocumentOf(library, id)).for('update');
  return row;
}

export async function insertDocument(executor: Executor, values: NewDocument): Promise<DocumentRow> {
  const [row] = await executor.insert(libraryDocuments).values(values).returning();
  return row!;
}

export async function updateDocument(
  executor: Executor,
  id: number,
  values: Partial<NewDocument>,
): Promise<DocumentRow | undefined> {
  const [row] = await executor.update(libraryDocuments).set(values).where(eq(libraryDocuments.id, id)).returning();
  return row;
}

/** Changes the status only from `from`; undefined when the document is not in that status (or not there). */
export async function changeStatus(
  executor: Executor,
  library: Library,
  id: number,
  from: string,
  to: string,
): Promise<DocumentRow | undefined> {
  const [row] = await executor
    .update(libraryDocuments)
    .set({ status: to })
    .where(and(liveDocumentOf(library, id), eq(libraryDocuments.status, from)))
    .returning();
  return row;
}

/** Moves a live document to the trash, on its own (not with a folder). */
export async function trashDocument(
  executor: Executor,
  library: Library,
  id: number,
  actorId: number,
  at: Date,
): Promise<DocumentRow | undefined> {
  const [row] = await executor
    .update(libraryDocuments)
    .set({
      deleted_at: at,
      deleted_by: actorId,
      trashed_with_folder: false,
      updated_at: sql`${libraryDocuments.updated_at}`,
    })
    .where(liveDocumentOf(library, id))
    .returning();
  return row;
}

/** A live document of the library, for a link (supersedes). */
export async function findLiveDocumentLink(executor: Executor, library: Library, id: number) {
  const [row] = await executor
    .select({ id: libraryDocuments.id, title: libraryDocuments.title })
    .from(libraryDocuments)
    .where(liveDocumentOf(library, id));
  return row;
}

/** What the policy reads of a live document of the library that a new one names as the one it replaces. */
export async function findSupersedable(executor: Executor, library: Library, id: number) {
  const [row] = await executor
    .select({ status: libraryDocuments.status, created_by: libraryDocuments.created_by })
    .from(libraryDocuments)
    .where(liveDocumentOf(library, id));
  return row;
}

/** The live documents that name this one as the document they replace (only approved ones, when `approvedOnly`). */
export function listSupersededBy(executor: Executor, id: number, approvedOnly: boolean) {
  return executor
    .select({ id: libraryDocuments.id, title: libraryDocuments.title })
    .from(libraryDocuments)
    .where(
      and(
        eq(libraryDocuments.supersedes_id, id),
        liveDocument,
        approvedOnly ? eq(libraryDocuments.status, 'approved') : undefined,
      ),
    )
    .orderBy(asc(libraryDocuments.id));
}

export async function insertVersion(
  executor: Executor,
  values: typeof libraryDocumentVersions.$inferInsert,
): Promise<void> {
  await executor.insert(libraryDocumentVersions).values(values);
}

/** Every version of a document, newest first, with the name of whoever made it. */
export function listVersions(executor: Executor, documentId: number) {
  return executor
    .select({
      version: libraryDocumentVersions.version,
      file_key: libraryDocumentVersions.file_key,
      file_name: libraryDocumentVersions.file_name,
      file_size: libraryDocumentVersions.file_size,
      created_at: libraryDocumentVersions.created_at,
      created_by: libraryDocumentVersions.created_by,
      first_name: uploader.first_name,
      last_name: uploader.last_name,
    })
    .from(libraryDocumentVersions)
    .leftJoin(uploader, eq(uploader.id, libraryDocumentVersions.created_by))
    .where(eq(libraryDocumentVersions.document_id, documentId))
    .orderBy(desc(libraryDocumentVersions.version));
}

/** Of these stored-file keys, those a document or a version still refers to. */
export async function referencedFileKeys(executor: Executor, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const [current, versions] = await Promise.all([
    executor
      .select({ key: libraryDocuments.file_key })
      .from(libraryDocuments)
      .where(inArray(libraryDocuments.file_key, [...keys])),
    executor
      .select({ key: libraryDocumentVersions.file_key })
      .from(libraryDocumentVersions)
      .where(inArray(libraryDocumentVersions.file_key, [...keys])),
  ]);
  return new Set([...current, ...versions].map((row) => row.key).filter((key): key is string => key !== null));
}

/** Every stored-file key of the documents matched (current files and every version's). */
export async function fileKeysOfDocuments(executor: Executor, where: SQL): Promise<string[]> {
  const rows = await executor
    .selectDistinct({ key: libraryDocumentVersions.file_key })
    .from(libraryDocumentVersions)
    .innerJoin(libraryDocuments, eq(libraryDocuments.id, libraryDocumentVersions.document_id))
    .where(and(where, isNotNull(libraryDocumentVersions.file_key)));
  const current = await executor
    .selectDistinct({ key: libraryDocuments.file_key })
    .from(libraryDocuments)
    .where(and(where, isNotNull(libraryDocuments.file_key)));
  return [...new Set([...rows, ...current].map((row) => row.key!))];
}

export async function insertDocumentEvent(
  executor: Executor,
  values: typeof libraryDocumentEvents.$inferInsert,
): Promise<void> {
  await executor.insert(libraryDocumentEvents).values(values);
}

/** A document's timeline, oldest first, with the name of whoever acted. */
export function listDocumentEvents(executor: Executor, documentId: number) {
  return executor
    .select({
      event: libraryDocumentEvents.event,
      at: libraryDocumentEvents.created_at,
      actor_id: libraryDocumentEvents.actor_id,
      first_name: users.first_name,
      last_name: users.last_name,
    })
    .from(libraryDocumentEvents)
    .leftJoin(users, eq(users.id, libraryDocumentEvents.actor_id))
    .where(eq(libraryDocumentEvents.document_id, documentId))
    .orderBy(asc(libraryDocumentEvents.created_at), asc(libraryDocumentEvents.id));
}

/** Documents of a library created within [from, to) (instants). */
export async function countCreated(executor: Executor, library: Library, from: Date, to: Date): Promise<number> {
  const [row] = await executor
    .select({ value: count() })
    .from(libraryDocuments)
    .where(
      and(
        eq(libraryDocuments.library, library),
        liveDocument,
        gte(libraryDocuments.created_at, from),
        lt(libraryDocuments.created_at, to),
      ),
    );
  return row?.value ?? 0;
}

/** Keys the documents and their versions refer to, in key order after `after`, with the row naming each. */
export async function fileKeyPage(
  executor: Executor,
  after: string,
  limit: number,
): Promise<{ key: string; row: string }[]> {
  const result = await executor.execute(sql`
    select key, min(row) as row from (
      select file_key as key, 'library_documents ' || id as row from library_documents where file_key > ${after}
      union all
      select file_key, 'library_document_versions ' || id from library_document_versions where file_key > ${after}
    ) t group by key order by key limit ${limit}`);
  return (result as { rows: { key: string; row: string }[] }).rows;
}
