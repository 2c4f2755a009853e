import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { companies, users } from './people.js';
import { createdAt, stampedAt, updatedAt } from './columns.js';

/**
 * The document libraries (orders, circulars, government decisions) share these tables, keyed by the
 * `library` column. A delete through the API moves to the trash (`deleted_at`); the cascade of the
 * spec in the foreign keys runs when the trash is purged: purging a category deletes its
 * subcategories and the documents that went with it, a document's versions, acknowledgments and
 * events go with it.
 */

/** PostgreSQL's full-text document type; only ever written by the database (a generated column). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const LIBRARY_CHECK = sql`IN ('orders', 'circulars', 'government-decisions')`;

const timestamps = {
  created_at: createdAt(),
  updated_at: updatedAt(),
};

/**
 * In the trash from `deleted_at` (null: live). Every read of live records filters on it; the trash,
 * its restore and its purge (the trash module) are the only readers of trashed rows.
 */
export const trashColumns = {
  deleted_at: timestamp('deleted_at', { withTimezone: true }),
  deleted_by: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
};

/**
 * Slugs are unique within their parent. An empty slug (a name without Latin letters or digits, such as
 * a Marathi title) is allowed and never clashes: no screen addresses a record by its slug.
 */
export const libraryCategories = pgTable(
  'library_categories',
  {
    id: serial('id').primaryKey(),
    library: text('library').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    slug: text('slug').notNull().default(''),
    icon: text('icon').notNull(),
    color: text('color').notNull(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
    ...trashColumns,
  },
  (t) => [
    check('library_categories_library_check', sql`${t.library} ${LIBRARY_CHECK}`),
    // Trashed folders keep their slug out of the way; a restore that meets a new one is refused (409).
    uniqueIndex('library_categories_slug_unique')
      .on(t.library, t.slug)
      .where(sql`${t.slug} <> '' AND ${t.deleted_at} IS NULL`),
    // The target of documents' (category_id, library) key: a document's category is of its own library.
    unique('library_categories_id_library_unique').on(t.id, t.library),
  ],
);

export const librarySubcategories = pgTable(
  'library_subcategories',
  {
    id: serial('id').primaryKey(),
    category_id: integer('category_id')
      .notNull()
      .references(() => libraryCategories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    slug: text('slug').notNull().default(''),
    icon: text('icon').notNull(),
    color: text('color').notNull(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
    ...trashColumns,
    /** Trashed with its category (restored with it), not on its own. */
    trashed_with_folder: boolean('trashed_with_folder').notNull().default(false),
  },
  (t) => [
    uniqueIndex('library_subcategories_slug_unique')
      .on(t.category_id, t.slug)
      .where(sql`${t.slug} <> '' AND ${t.deleted_at} IS NULL`),
    // The target of documents' (subcategory_id, category_id) key: a document's subcategory is in its category.
    unique('library_subcategories_id_category_unique').on(t.id, t.category_id),
  ],
);

export const libraryDocuments = pgTable(
  'library_documents',
  {
    id: serial('id').primaryKey(),
    library: text('library').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    content: text('content'),
    effective_date: date('effective_date', { mode: 'string' }).notNull(),
    slug: text('slug').notNull().default(''),
    category_id: integer('category_id'),
    subcategory_id: integer('subcategory_id'),
    priority: text('priority').notNull().default('medium'),
    status: text('status').notNull().default('pending'),
    due_date: date('due_date', { mode: 'string' }),
    assignee_id: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    company_id: integer('company_id')
      .default(1)
      .references(() => companies.id),
    is_mandatory: boolean('is_mandatory').notNull().default(false),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Lower-cased title, description, content and tags, written by the repository with every change:
     * array_to_string is not immutable, so an index cannot be built over the columns themselves.
     */
    search_text: text('search_text').notNull().default(''),
    /**
     * The search text as whole words, for full-text search. The `simple` configuration only lower-cases
     * (no stemming, no stop words), so Marathi and Hindi words are matched as written.
     */
    search_vector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, search_text)`),
    /** Generated storage key (never derived from user input); null until a PDF is uploaded. */
    file_key: text('file_key'),
    /** The original file name, cleaned, kept only to name downloads. */
    file_name: text('file_name'),
    file_size: integer('file_size'),
    file_sha256: text('file_sha256'),
    /** The current version (library_document_versions): one more with each change of content or file. */
    version: integer('version').notNull().default(1),
    /** The document this one replaces (a correction of an approved order). */
    supersedes_id: integer('supersedes_id').references((): AnyPgColumn => libraryDocuments.id, {
      onDelete: 'set null',
    }),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
    ...trashColumns,
    /** Trashed with its folder (restored with it), not on its own. */
    trashed_with_folder: boolean('trashed_with_folder').notNull().default(false),
    /** In the trash on its own when its folder was purged: it restores at the library's root, and says so. */
    folder_purged: boolean('folder_purged').notNull().default(false),
  },
  (t) => [
    check('library_documents_library_check', sql`${t.library} ${LIBRARY_CHECK}`),
    check('library_documents_priority_check', sql`${t.priority} IN ('high', 'medium', 'other')`),
    check(
      'library_documents_status_check',
      sql`${t.status} IN ('pending', 'approved', 'rejected', 'completed', 'overdue', 'draft', 'published', 'acknowledged')`,
    ),
    // A subcategory alone would escape the composite key below (MATCH SIMPLE skips rows with a null).
    check(
      'library_documents_subcategory_needs_category',
      sql`${t.subcategory_id} IS NULL OR ${t.category_id} IS NOT NULL`,
    ),
    check(
      'library_documents_file_complete',
      sql`(${t.file_key} IS NULL) = (${t.file_name} IS NULL) AND (${t.file_key} IS NULL) = (${t.file_size} IS NULL)`,
    ),
    check('library_documents_file_size_positive', sql`${t.file_size} IS NULL OR ${t.file_size} >= 0`),
    foreignKey({
      name: 'library_documents_category_fk',
      columns: [t.category_id, t.library],
      foreignColumns: [libraryCategories.id, libraryCategories.library],
    }).onDelete('cascade'),
    // ON UPDATE CASCADE: moving a subcategory to another category moves its documents with it.
    foreignKey({
      name: 'library_documents_subcategory_fk',
      columns: [t.subcategory_id, t.category_id],
      foreignColumns: [librarySubcategories.id, librarySubcategories.category_id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    uniqueIndex('library_documents_slug_unique')
      .on(t.library, sql`coalesce(${t.category_id}, 0)`, sql`coalesce(${t.subcategory_id}, 0)`, t.slug)
      .where(sql`${t.slug} <> '' AND ${t.deleted_at} IS NULL`),
    check('library_documents_version_positive', sql`${t.version} >= 1`),
    // The trash lists a library's deletions newest first; only trashed rows are in this index.
    index('library_documents_trash_idx')
      .on(t.library, t.deleted_at.desc())
      .where(sql`${t.deleted_at} IS NOT NULL`),
    index('library_documents_supersedes_idx')
      .on(t.supersedes_id)
      .where(sql`${t.supersedes_id} IS NOT NULL`),
    // Lists are newest first within a library, a category or a subcategory. NULLS FIRST is what
    // `ORDER BY … DESC` means: an index ordered NULLS LAST would not serve it.
    // Partial over live documents, as every list and count asks for (`deleted_at IS NULL`): the counts
    // of a folder and of a page stay index-only scans, and trashed rows take no room here.
    index('library_documents_list_idx')
      .on(t.library, t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deleted_at} IS NULL`),
    index('library_documents_category_idx')
      .on(t.category_id, t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deleted_at} IS NULL`),
    index('library_documents_subcategory_idx')
      .on(t.subcategory_id, t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deleted_at} IS NULL`),
    index('library_documents_effective_idx').on(t.library, t.effective_date),
    // Partial words in any script, Devanagari included: every search word is an ILIKE on this index.
    index('library_documents_search_trgm_idx').using('gin', sql`${t.search_text} gin_trgm_ops`),
    // Whole words in any script: matched with @@ and used to rank whole-word matches first.
    index('library_documents_search_fts_idx').using('gin', t.search_vector),
  ],
);

/**
 * One row per reader, document and version: acknowledging the same version again changes nothing; a
 * new version (content or file changed) is acknowledged afresh, and the earlier rows stay as history.
 */
export const libraryAcknowledgments = pgTable(
  'library_acknowledgments',
  {
    document_id: integer('document_id')
      .notNull()
      .references(() => libraryDocuments.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: integer('version').notNull().default(1),
    acknowledged_at: stampedAt('acknowledged_at'),
  },
  (t) => [
    primaryKey({ name: 'library_acknowledgments_pkey', columns: [t.document_id, t.version, t.user_id] }),
    index('library_acknowledgments_user_idx').on(t.user_id),
  ],
);

/**
 * Every version of a document: its PDF (kept in storage for as long as the document exists) and its
 * content, from `created_at`. The document row carries the current one's file too, for lists.
 */
export const libraryDocumentVersions = pgTable(
  'library_document_versions',
  {
    id: serial('id').primaryKey(),
    document_id: integer('document_id')
      .notNull()
      .references(() => libraryDocuments.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    content: text('content'),
    /** The same key as the version before when only the content changed. */
    file_key: text('file_key'),
    file_name: text('file_name'),
    file_size: integer('file_size'),
    file_sha256: text('file_sha256'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    unique('library_document_versions_document_version_unique').on(t.document_id, t.version),
    check('library_document_versions_version_positive', sql`${t.version} >= 1`),
    check(
      'library_document_versions_file_complete',
      sql`(${t.file_key} IS NULL) = (${t.file_name} IS NULL) AND (${t.file_key} IS NULL) = (${t.file_size} IS NULL)`,
    ),
    index('library_document_versions_file_key_idx')
      .on(t.file_key)
      .where(sql`${t.file_key} IS NOT NULL`),
  ],
);

/**
 * A document's history, shown as its timeline (the pattern of every area: its own events table,
 * written in the transaction of the change beside the audit row, deleted with its record).
 */
export const libraryDocumentEvents = pgTable(
  'library_document_events',
  {
    id: serial('id').primaryKey(),
    document_id: integer('document_id')
      .notNull()
      .references(() => libraryDocuments.id, { onDelete: 'cascade' }),
    /** created, updated, approved, rejected. */
    event: text('event').notNull(),
    actor_id: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [index('library_document_events_document_idx').on(t.document_id, t.id)],
);
