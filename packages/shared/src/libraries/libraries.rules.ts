import type { Permission } from '../common/permissions.js';
import { slugify } from '../common/slug.js';

/**
 * The three document libraries (spec document 1, section 2): one implementation, keyed by the path
 * each is mounted under (`/api/orders`, `/api/circulars`, `/api/government-decisions`).
 */
export const LIBRARIES = ['orders', 'circulars', 'government-decisions'] as const;
export type Library = (typeof LIBRARIES)[number];

/**
 * The key of one record in an answer (`{ success, data: { order } }`), one per library: orders answer
 * `data.order`, circulars `data.circular`, government decisions `data.decision`.
 */
export const LIBRARY_RECORD_KEYS = {
  orders: 'order',
  circulars: 'circular',
  'government-decisions': 'decision',
} as const;
export type LibraryRecordKey = (typeof LIBRARY_RECORD_KEYS)[Library];

/** Libraries whose documents are acknowledged by readers (circulars and government decisions). */
export const ACKNOWLEDGED_LIBRARIES: readonly Library[] = ['circulars', 'government-decisions'];
/** Only orders are approved or rejected. */
export const APPROVED_LIBRARIES: readonly Library[] = ['orders'];

export const isAcknowledgedLibrary = (library: Library) => ACKNOWLEDGED_LIBRARIES.includes(library);
export const isApprovedLibrary = (library: Library) => APPROVED_LIBRARIES.includes(library);

/**
 * Who may change documents, the same in every library (issue 3, which settles spec document 1,
 * section 6 for the libraries; enforced by the server, and the web hides what a user may not do):
 * upload_documents to create, upload and edit (update), delete_documents to delete. Folders need
 * manage_categories (a grant for anyone but administrators: docs/SECURITY.md), approving and rejecting orders approve_orders and reject_orders; reading,
 * downloading and acknowledging need only a signed-in user. The table's create_circulars and
 * delete_circulars are not used by the libraries: a circular is filed like any other document, so a
 * viewer (who holds upload_documents) may issue one, and only roles holding delete_documents delete it.
 */
export const LIBRARY_PERMISSIONS = {
  create: 'upload_documents',
  update: 'upload_documents',
  delete: 'delete_documents',
} as const satisfies { create: Permission; update: Permission; delete: Permission };
export const LIBRARY_FOLDER_PERMISSION = 'manage_categories' satisfies Permission;

/** Priorities of section 3; a new document is `medium`. */
export const DOCUMENT_PRIORITIES = ['high', 'medium', 'other'] as const;
export type DocumentPriority = (typeof DOCUMENT_PRIORITIES)[number];
export const DEFAULT_DOCUMENT_PRIORITY: DocumentPriority = 'medium';

/** Status labels of section 4; a new document is `pending`; an order moves to approved or rejected. */
export const DOCUMENT_STATUSES = [
  'pending',
  'approved',
  'rejected',
  'completed',
  'overdue',
  'draft',
  'published',
  'acknowledged',
] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** Section 3 defaults. */
export const CATEGORY_DEFAULT_ICON = '📄';
export const CATEGORY_DEFAULT_COLOR = '#3B82F6';
export const SUBCATEGORY_DEFAULT_ICON = '📋';
export const SUBCATEGORY_DEFAULT_COLOR = '#6B7280';

/** The PDF limit of section 9 (stated in the old client only; enforced by the server here). */
export const LIBRARY_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const LIBRARY_FILE_TOO_LARGE_MESSAGE = 'File size must be less than 10MB';
export const LIBRARY_FILE_NOT_PDF_MESSAGE = 'Only PDF files are allowed';
/** Every PDF starts with these bytes; the browser's content type and the file name are not trusted. */
export const PDF_SIGNATURE = '%PDF-';

export const LIBRARY_PAGE_MAX = 100;
export const LIBRARY_PAGE_DEFAULT = 20;
/** The orders a library list offers: by filing time (the spec's) or by effective date, newest first. */
export const DOCUMENT_SORTS = ['created', 'effective_date'] as const;
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];
/** Preview length of a list row (section 9). */
export const LIBRARY_PREVIEW_LENGTH = 100;

export const TAGS_MAX = 20;
export const TAG_MAX_LENGTH = 50;

/** Field limits of the documents and folders, read by the request schemas and the web forms alike. */
export const DOCUMENT_TITLE_MAX = 300;
export const DOCUMENT_DESCRIPTION_MAX = 5000;
export const DOCUMENT_CONTENT_MAX = 50_000;
export const LIBRARY_SLUG_MAX = 200;
export const FOLDER_NAME_MAX = 100;
export const FOLDER_DESCRIPTION_MAX = 1000;
export const FOLDER_ICON_MAX = 32;
/** The longest search a list accepts. */
export const LIBRARY_SEARCH_MAX = 200;

/**
 * Tags as the upload form sends them ('a, b,c', comma separated) or as a list: trimmed, blanks
 * dropped, duplicates (ignoring case) removed, first spelling kept.
 */
export function parseTags(input: string | readonly string[] | null | undefined): string[] {
  if (input === null || input === undefined) return [];
  const pieces = typeof input === 'string' ? input.split(',') : input.flatMap((tag) => tag.split(','));
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const piece of pieces) {
    const tag = piece.trim();
    if (tag === '' || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

/**
 * The slug stored for a name or title: the given slug run through the spec's rule, else the rule
 * applied to the name. A name without Latin letters or digits (a Marathi title) gives an empty slug
 * (not the rule's lone hyphen);
 * empty slugs are allowed and never clash, since no screen addresses a record by its slug.
 */
export function slugFor(name: string, given?: string | null): string {
  const meaningful = (slug: string) => (/[a-z0-9]/.test(slug) ? slug : '');
  return meaningful(slugify(given ?? '')) || meaningful(slugify(name));
}

/** The root-relative address of a document's PDF (ARCHITECTURE.md: links begin with `/api/`). */
export function documentFileUrl(library: Library, id: number): string {
  return `/api/${library}/${id}/file`;
}

/** The address of one version's PDF. */
export function documentVersionFileUrl(library: Library, id: number, version: number): string {
  return `/api/${library}/${id}/versions/${version}/file`;
}
