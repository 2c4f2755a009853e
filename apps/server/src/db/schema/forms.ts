import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from './people.js';
import { createdAt, updatedAt } from './columns.js';
import { trashColumns } from './libraries.js';

/**
 * The forms library (issue 18): PDF forms filed in a three-level folder tree. The three levels are one
 * table (`level` 1 category, 2 subcategory, 3 sub-subcategory), so one implementation serves the
 * three folder paths; a form names the deepest folder it is in (`folder_id`) and its path is read up
 * the tree, so moving a folder moves what is in it.
 *
 * Deleting goes to the trash as in the document libraries (`deleted_at`): a folder's subfolders and
 * forms go with it (`trashed_with_folder`); purging a folder deletes its subfolders (cascade) and the
 * forms that went with it, and leaves a form already in the trash on its own at the root
 * (`folder_purged`, its `folder_id` set null).
 */

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const formFolders = pgTable(
  'form_folders',
  {
    id: serial('id').primaryKey(),
    level: smallint('level').notNull(),
    parent_id: integer('parent_id').references((): AnyPgColumn => formFolders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    name_mr: text('name_mr'),
    slug: text('slug').notNull(),
    description: text('description'),
    icon: text('icon').notNull(),
    color: text('color').notNull().default('#3B82F6'),
    sort_order: integer('sort_order').notNull().default(0),
    is_active: boolean('is_active').notNull().default(true),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
    ...trashColumns,
    /** Trashed with a folder above it (restored with it), not on its own. */
    trashed_with_folder: boolean('trashed_with_folder').notNull().default(false),
  },
  (t) => [
    check('form_folders_level_check', sql`${t.level} BETWEEN 1 AND 3`),
    check('form_folders_parent_check', sql`(${t.level} = 1) = (${t.parent_id} IS NULL)`),
    check('form_folders_sort_order_check', sql`${t.sort_order} >= 0`),
    // Slugs are unique among a folder's live children (and among live categories).
    uniqueIndex('form_folders_slug_unique')
      .on(sql`coalesce(${t.parent_id}, 0)`, t.slug)
      .where(sql`${t.deleted_at} IS NULL`),
    index('form_folders_parent_idx').on(t.parent_id),
    index('form_folders_trash_idx')
      .on(t.deleted_at.desc())
      .where(sql`${t.deleted_at} IS NOT NULL`),
  ],
);

export const forms = pgTable(
  'forms',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** The spec's legacy free-text category. */
    category: text('category'),
    language: text('language').notNull(),
    is_public: boolean('is_public').notNull().default(true),
    /** The deepest folder the form is in; null: uncategorised. */
    folder_id: integer('folder_id').references(() => formFolders.id, { onDelete: 'set null' }),
    /** Lower-cased title and legacy category, for search (as the document libraries). */
    search_text: text('search_text').notNull().default(''),
    search_vector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, search_text)`),
    /** Generated storage key (never derived from user input). */
    file_key: text('file_key').notNull(),
    /** The original file name, cleaned, kept only to name downloads. */
    file_name: text('file_name').notNull(),
    file_size: integer('file_size').notNull(),
    file_sha256: text('file_sha256').notNull(),
    uploaded_by: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
    ...trashColumns,
    trashed_with_folder: boolean('trashed_with_folder').notNull().default(false),
    folder_purged: boolean('folder_purged').notNull().default(false),
  },
  (t) => [
    check('forms_language_check', sql`${t.language} IN ('en', 'mr')`),
    check('forms_file_size_check', sql`${t.file_size} >= 0`),
    // Lists are newest first, over live forms only.
    index('forms_list_idx')
      .on(t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deleted_at} IS NULL`),
    index('forms_folder_idx')
      .on(t.folder_id, t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deleted_at} IS NULL`),
    index('forms_uploader_idx').on(t.uploaded_by),
    index('forms_file_key_idx').on(t.file_key),
    index('forms_trash_idx')
      .on(t.deleted_at.desc())
      .where(sql`${t.deleted_at} IS NOT NULL`),
    index('forms_search_trgm_idx').using('gin', sql`${t.search_text} gin_trgm_ops`),
    index('forms_search_fts_idx').using('gin', t.search_vector),
  ],
);

/**
 * Signed download addresses handed out (`GET /api/forms/{id}/download`): one row each, which is the
 * download counted for the form's stats and the token's nonce (the address names this row).
 */
export const formDownloads = pgTable(
  'form_downloads',
  {
    id: serial('id').primaryKey(),
    form_id: integer('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('form_downloads_form_idx').on(t.form_id, t.created_at.desc())],
);
