import { z } from 'zod';
import { pagedResponse, pageQuery } from '../common/pagination.js';
import { queryBoolean, queryId, queryText } from '../common/query.js';
import {
  DOCUMENT_CONTENT_MAX,
  DOCUMENT_DESCRIPTION_MAX,
  DOCUMENT_PRIORITIES,
  DOCUMENT_SORTS,
  DOCUMENT_STATUSES,
  DOCUMENT_TITLE_MAX,
  FOLDER_DESCRIPTION_MAX,
  FOLDER_ICON_MAX,
  FOLDER_NAME_MAX,
  LIBRARY_PAGE_DEFAULT,
  LIBRARY_PAGE_MAX,
  LIBRARY_SEARCH_MAX,
  LIBRARY_SLUG_MAX,
  parseTags,
  TAG_MAX_LENGTH,
  TAGS_MAX,
  type LibraryRecordKey,
} from './libraries.rules.js';

/**
 * The document libraries: orders, circulars and government decisions (spec document 1, sections 2,
 * 3, 5 and 7). One contract for all three; the paths are `/api/{library}/...` with library one of
 * `orders`, `circulars`, `government-decisions`.
 *
 * Answer shapes (ARCHITECTURE.md):
 * - one document: `{ success, message?, data: { order } }` for orders, `data.circular` for circulars,
 *   `data.decision` for government decisions (LIBRARY_RECORD_KEYS); get, create, upload, update,
 *   approve, reject and acknowledge all answer the detail (ZLibraryDocumentDetail);
 * - the list: `{ success, data: [ZLibraryDocument], pagination }`;
 * - categories: `data.categories` (list), `data.category` (one); subcategories: `data.subcategories`,
 *   `data.subcategory`; deletes: `{ success, message }`.
 *
 * Every library carries every field (section 3: circulars and decisions have "the same fields plus"
 * content, is_mandatory, acknowledgments, tags), so the web reads one shape. An order's content is
 * null, its tags empty and its acknowledgments 0.
 *
 * Requests: create is JSON (no file; the document starts `pending` with `file_url: null`); upload is
 * multipart/form-data with the PDF under `pdf_file` and the same fields as text (ZUploadDocumentFields;
 * `tags` comma separated); update (PUT) takes either JSON or multipart, and a multipart update with a
 * `pdf_file` attaches the PDF or replaces the previous one.
 */

const INT4_MAX = 2_147_483_647;

// ---------------------------------------------------------------------------------------------
// Field builders

/** A real calendar date written YYYY-MM-DD (2026-02-30 is refused). */
export function isValidIsoDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const moment = new Date(Date.UTC(year, month - 1, day));
  return moment.getUTCFullYear() === year && moment.getUTCMonth() === month - 1 && moment.getUTCDate() === day;
}

const missing = (input: unknown) => input === undefined || input === null;

function requiredText(label: string, max: number) {
  return z
    .string({ error: (issue) => (missing(issue.input) ? `${label} is required` : `${label} must be text`) })
    .trim()
    .min(1, { message: `${label} is required`, abort: true })
    .max(max, `${label} must be at most ${max} characters`);
}

/**
 * Text that may be cleared: blank or null is stored as null. Line breaks are stored as \n whatever
 * sent them (a browser's multipart form sends \r\n), so the same text sent again is no change.
 */
function optionalText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .overwrite((value) => value.replace(/\r\n?/g, '\n'))
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .transform((value) => (value ? value : null));
}

function dateField(label: string) {
  return z
    .string({
      error: (issue) => (missing(issue.input) ? `${label} is required` : `${label} must be a date (YYYY-MM-DD)`),
    })
    .trim()
    .min(1, { message: `${label} is required`, abort: true })
    .refine(isValidIsoDate, `${label} must be a valid date (YYYY-MM-DD)`);
}

function idValue(label: string) {
  return z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be a positive number`)
    .max(INT4_MAX, `${label} is too large`);
}

/** A reference sent as a number, or null when empty (section 5). */
const reference = (label: string) => idValue(label).nullable();

const slugField = z
  .string({ error: 'Slug must be text' })
  .max(LIBRARY_SLUG_MAX, `Slug must be at most ${LIBRARY_SLUG_MAX} characters`)
  .nullable();

/** `#RGB` or `#RRGGBB`. */
const colorField = z
  .string({ error: 'Color must be text' })
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, 'Color must be a hex colour such as #3B82F6');

const iconField = z
  .string({ error: 'Icon must be text' })
  .trim()
  .min(1, 'Icon must not be empty')
  .max(FOLDER_ICON_MAX, `Icon must be at most ${FOLDER_ICON_MAX} characters`);

const tagsField = z
  .union([z.string(), z.array(z.string({ error: 'Each tag must be text' }))], {
    error: 'Tags must be text (comma separated) or a list of texts',
  })
  .nullable()
  .transform((value) => parseTags(value))
  .refine((tags) => tags.length <= TAGS_MAX, `At most ${TAGS_MAX} tags`)
  .refine(
    (tags) => tags.every((tag) => tag.length <= TAG_MAX_LENGTH),
    `Each tag must be at most ${TAG_MAX_LENGTH} characters`,
  );

export const ZDocumentIdParams = z.object({
  id: z.coerce
    .number({ error: 'id must be a positive integer' })
    .int('id must be a positive integer')
    .positive('id must be a positive integer')
    .max(INT4_MAX, 'id is too large'),
});
export type TDocumentIdParams = z.infer<typeof ZDocumentIdParams>;
/** GET /{library}/{id}/versions/{version}/file. */
export const ZDocumentVersionParams = ZDocumentIdParams.extend({
  version: z.coerce
    .number({ error: 'version must be a positive integer' })
    .int('version must be a positive integer')
    .positive('version must be a positive integer')
    .max(INT4_MAX, 'version is too large'),
});
/** Categories and subcategories are addressed the same way. */
export const ZLibraryIdParams = ZDocumentIdParams;

// ---------------------------------------------------------------------------------------------
// Categories and subcategories

/** What categories and subcategories (the folders) both carry, in the order they answer it. */
const folderShape = {
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  slug: z.string(),
  icon: z.string(),
  color: z.string(),
};

export const ZLibraryCategory = z.object({
  ...folderShape,
  subcategory_count: z.number().int(),
  document_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TLibraryCategory = z.infer<typeof ZLibraryCategory>;

export const ZLibrarySubcategory = z.object({
  ...folderShape,
  category_id: z.number().int(),
  category_name: z.string(),
  document_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TLibrarySubcategory = z.infer<typeof ZLibrarySubcategory>;

/** A folder's own fields, as a create or an update sends them. */
const folderFields = {
  name: requiredText('Name', FOLDER_NAME_MAX),
  description: optionalText('Description', FOLDER_DESCRIPTION_MAX).optional(),
  /** Computed from the name with the spec's rule when absent or blank. */
  slug: slugField.optional(),
  icon: iconField.optional(),
  color: colorField.optional(),
};

/** POST /{library}/categories (manage_categories); the icon defaults to 📄, the colour to #3B82F6. */
export const ZCreateCategoryRequest = z.object(folderFields);
export type TCreateCategoryRequest = z.input<typeof ZCreateCategoryRequest>;
/** PUT /{library}/categories/{id}: the fields sent change, the others stay. */
export const ZUpdateCategoryRequest = ZCreateCategoryRequest.partial();
export type TUpdateCategoryRequest = z.input<typeof ZUpdateCategoryRequest>;

/**
 * POST /{library}/subcategories (manage_categories); the category must belong to the same library.
 * The icon defaults to 📋, the colour to #6B7280.
 */
export const ZCreateSubcategoryRequest = z.object({ category_id: idValue('Category'), ...folderFields });
export type TCreateSubcategoryRequest = z.input<typeof ZCreateSubcategoryRequest>;
/** PUT /{library}/subcategories/{id}; a new category_id moves the subcategory and its documents. */
export const ZUpdateSubcategoryRequest = ZCreateSubcategoryRequest.partial();
export type TUpdateSubcategoryRequest = z.input<typeof ZUpdateSubcategoryRequest>;

export const ZCategoryResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: z.object({ category: ZLibraryCategory }),
});
export type TCategoryResponse = z.infer<typeof ZCategoryResponse>;
export const ZCategoryListResponse = z.object({
  success: z.literal(true),
  data: z.object({ categories: z.array(ZLibraryCategory) }),
});
export type TCategoryListResponse = z.infer<typeof ZCategoryListResponse>;
export const ZSubcategoryResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: z.object({ subcategory: ZLibrarySubcategory }),
});
export type TSubcategoryResponse = z.infer<typeof ZSubcategoryResponse>;
export const ZSubcategoryListResponse = z.object({
  success: z.literal(true),
  data: z.object({ subcategories: z.array(ZLibrarySubcategory) }),
});
export type TSubcategoryListResponse = z.infer<typeof ZSubcategoryListResponse>;

// ---------------------------------------------------------------------------------------------
// Documents

const ZPersonRef = z.object({ id: z.number().int(), name: z.string() });
export type TPersonRef = z.infer<typeof ZPersonRef>;

/** A document as a list row reads it (section 3). */
export const ZLibraryDocument = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  content: z.string().nullable(),
  /** YYYY-MM-DD. */
  effective_date: z.string(),
  slug: z.string(),
  category_id: z.number().int().nullable(),
  subcategory_id: z.number().int().nullable(),
  category_name: z.string().nullable(),
  category_icon: z.string().nullable(),
  subcategory_name: z.string().nullable(),
  subcategory_icon: z.string().nullable(),
  priority: z.enum(DOCUMENT_PRIORITIES),
  status: z.enum(DOCUMENT_STATUSES),
  /** `/api/{library}/{id}/file`, or null until a PDF is uploaded (View and Download disabled). */
  file_url: z.string().nullable(),
  /** The uploaded file's cleaned original name and size in bytes, or null without a file. */
  file_name: z.string().nullable(),
  file_size: z.number().int().nullable(),
  company_id: z.number().int().nullable(),
  company: ZPersonRef.nullable(),
  assignee_id: z.number().int().nullable(),
  assignee: ZPersonRef.nullable(),
  author: ZPersonRef.nullable(),
  /** YYYY-MM-DD or null. */
  dueDate: z.string().nullable(),
  is_mandatory: z.boolean(),
  tags: z.array(z.string()),
  /** In lists, the number of acknowledgments. */
  acknowledgments: z.number().int(),
  /** Whether the signed-in caller has acknowledged it (its current version). */
  acknowledged: z.boolean(),
  /** The current version: 1 at creation, one more with each change of content or file. */
  version: z.number().int(),
  /** The document this one replaces (a correction of an approved order), or null. */
  supersedes_id: z.number().int().nullable(),
  created_at: z.string(),
  createdAt: z.string(),
  updated_at: z.string(),
  updatedAt: z.string(),
});
export type TLibraryDocument = z.infer<typeof ZLibraryDocument>;

/** The longest list of users yet to acknowledge that a detail answer carries. */
export const PENDING_ACKNOWLEDGMENTS_MAX = 1000;

export const ZAcknowledgment = z.object({
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  acknowledgedAt: z.string(),
  /** The version acknowledged; an earlier one than the document's means it was for an older text. */
  version: z.number().int(),
});
export type TAcknowledgment = z.infer<typeof ZAcknowledgment>;

/**
 * POST /{library}/{id}/approve, /reject and /acknowledge: the version the person read (optional, the
 * spec's clients send no body). When given and the document has a newer version meanwhile, the answer
 * is 409: nobody approves or acknowledges a text they have not seen.
 */
export const ZReviewRequest = z
  .object({
    version: z
      .number({ error: 'version must be a number' })
      .int('version must be a whole number')
      .positive('version must be a positive number')
      .max(INT4_MAX, 'version is too large')
      .optional(),
  })
  .nullish();
export type TReviewRequest = z.infer<typeof ZReviewRequest>;

export const TIMELINE_EVENTS = ['created', 'updated', 'approved', 'rejected'] as const;
export const ZTimelineEvent = z.object({ event: z.enum(TIMELINE_EVENTS), at: z.string(), by: ZPersonRef.nullable() });
export type TTimelineEvent = z.infer<typeof ZTimelineEvent>;

/** One version of a document: what it said (its file) from `uploaded_at`. */
export const ZDocumentVersion = z.object({
  version: z.number().int(),
  /** The version's PDF, or null when it had none. */
  file_name: z.string().nullable(),
  file_size: z.number().int().nullable(),
  uploaded_at: z.string(),
  uploaded_by: ZPersonRef.nullable(),
  /** `/api/{library}/{id}/versions/{version}/file`, or null without a PDF. */
  file_url: z.string().nullable(),
});
export type TDocumentVersion = z.infer<typeof ZDocumentVersion>;

const ZDocumentLink = z.object({ id: z.number().int(), title: z.string() });
export type TDocumentLink = z.infer<typeof ZDocumentLink>;

/** A document as its detail page reads it: the list fields, with acknowledgments listed. */
export const ZLibraryDocumentDetail = ZLibraryDocument.extend({
  /**
   * Who acknowledged it and when, earliest first, for any version (circulars and decisions; empty for
   * orders). A change of content or file starts the acknowledgments of the new version afresh.
   * Present only for those who may see the document's statistics (view_document_stats).
   */
  acknowledgments: z.array(ZAcknowledgment).optional(),
  /** Acknowledgments of the current version. */
  acknowledgments_count: z.number().int(),
  /** The caller's own latest acknowledgment (of any version), or null when they have given none. */
  own_acknowledgment: ZAcknowledgment.pick({ acknowledgedAt: true, version: true }).nullable(),
  /** Every version, newest first; the first is the current one. */
  versions: z.array(ZDocumentVersion),
  /** The document this one replaces, and the ones that replace it (not in the trash). */
  supersedes: ZDocumentLink.nullable(),
  superseded_by: z.array(ZDocumentLink),
  /**
   * Active users who have not acknowledged the current version of a mandatory document yet. Present
   * only for a mandatory circular or decision, and only when the caller is an admin or superadmin.
   */
  pending_acknowledgments: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string() })).optional(),
  /** How many have not acknowledged; the list above stops at PENDING_ACKNOWLEDGMENTS_MAX names. */
  pending_acknowledgments_count: z.number().int().optional(),
  /** created, then every update, approval and rejection, oldest first. */
  timeline: z.array(ZTimelineEvent),
});
export type TLibraryDocumentDetail = z.infer<typeof ZLibraryDocumentDetail>;

export const ZDocumentListQuery = pageQuery(LIBRARY_PAGE_MAX, LIBRARY_PAGE_DEFAULT).extend({
  /** Words searched in title, description, content and tags (any script; partial words match). */
  search: queryText(LIBRARY_SEARCH_MAX),
  category_id: queryId,
  subcategory_id: queryId,
  /** true: only the documents filed in no folder (no category); false: only those in a folder. */
  unfiled: queryBoolean,
  /** true: only the mandatory documents whose current version the caller has not acknowledged yet. */
  to_acknowledge: queryBoolean,
  /** `created` (default): newest filed first; `effective_date`: newest effective date first. */
  sort: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.enum(DOCUMENT_SORTS, { error: `Use ${DOCUMENT_SORTS.join(' or ')}` }).optional(),
  ),
});
export type TDocumentListQuery = z.infer<typeof ZDocumentListQuery>;
export const ZDocumentListResponse = pagedResponse(ZLibraryDocument);
export type TDocumentListResponse = z.infer<typeof ZDocumentListResponse>;

const ZDocumentFields = z.object({
  title: requiredText('Title', DOCUMENT_TITLE_MAX),
  effective_date: dateField('Effective date'),
  /** Computed from the title with the spec's rule when absent or blank. */
  slug: slugField.optional(),
  category_id: reference('Category').optional(),
  /** Must belong to category_id (400 on subcategory_id otherwise). */
  subcategory_id: reference('Subcategory').optional(),
  /** Default 1 (the default company). */
  company_id: idValue('Company').optional(),
  description: optionalText('Description', DOCUMENT_DESCRIPTION_MAX).optional(),
  content: optionalText('Content', DOCUMENT_CONTENT_MAX).optional(),
  is_mandatory: z.boolean({ error: 'is_mandatory must be true or false' }).optional(),
  /** Comma separated text or a list. */
  tags: tagsField.optional(),
  /** Default medium. */
  priority: z.enum(DOCUMENT_PRIORITIES, { error: 'Priority must be high, medium or other' }).optional(),
  /** The spec's read name; due_date is accepted too. */
  dueDate: dateField('Due date').nullable().optional(),
  due_date: dateField('Due date').nullable().optional(),
  /** A user id; `assignee` is accepted too. */
  assignee_id: reference('Assignee').optional(),
  assignee: reference('Assignee').optional(),
  /** A document of the same library this one replaces (a correction of an approved order). */
  supersedes_id: reference('Superseded document').optional(),
});

/** The fields a service receives, one name each. */
export interface TDocumentChanges {
  title?: string;
  effective_date?: string;
  slug?: string | null;
  category_id?: number | null;
  subcategory_id?: number | null;
  company_id?: number;
  description?: string | null;
  content?: string | null;
  is_mandatory?: boolean;
  tags?: string[];
  priority?: (typeof DOCUMENT_PRIORITIES)[number];
  due_date?: string | null;
  assignee_id?: number | null;
  supersedes_id?: number | null;
}

function canonicalDocument(input: Partial<z.output<typeof ZDocumentFields>>): TDocumentChanges {
  const { dueDate, due_date, assignee, assignee_id, ...rest } = input;
  const changes: TDocumentChanges = {
    ...rest,
    due_date: dueDate !== undefined ? dueDate : due_date,
    assignee_id: assignee_id !== undefined ? assignee_id : assignee,
  };
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
}

/** POST /{library} (JSON, upload_documents): a document without a file yet. */
export const ZCreateDocumentRequest = ZDocumentFields.transform(
  (input) => canonicalDocument(input) as TDocumentChanges & { title: string; effective_date: string },
);
export type TCreateDocumentRequest = z.input<typeof ZCreateDocumentRequest>;

/** PUT /{library}/{id} (upload_documents): the fields sent change, the others stay. */
export const ZUpdateDocumentRequest = ZDocumentFields.partial().transform(canonicalDocument);
export type TUpdateDocumentRequest = z.input<typeof ZUpdateDocumentRequest>;

const ID_FIELDS = new Set(['category_id', 'subcategory_id', 'assignee_id', 'assignee', 'supersedes_id']);
const NULLABLE_DATE_FIELDS = new Set(['dueDate', 'due_date']);

/**
 * Multipart text fields as their JSON values: ids and booleans from their text, an empty id or date
 * as null ('no category'), an empty company_id as absent (the default). Anything else stays text, so
 * a bad value gets the same message as in JSON.
 */
export function formFieldsToJson(fields: unknown): unknown {
  if (typeof fields !== 'object' || fields === null) return fields;
  const json: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(fields as Record<string, unknown>)) {
    if (typeof raw !== 'string') {
      json[name] = raw;
      continue;
    }
    const value = raw.trim();
    if (ID_FIELDS.has(name))
      json[name] = value === '' || value === 'null' ? null : /^\d+$/.test(value) ? Number(value) : raw;
    else if (name === 'company_id') {
      if (value !== '') json[name] = /^\d+$/.test(value) ? Number(value) : raw;
    } else if (name === 'is_mandatory')
      json[name] = ['true', '1', 'on', 'yes'].includes(value.toLowerCase())
        ? true
        : ['false', '0', 'off', 'no', ''].includes(value.toLowerCase())
          ? false
          : raw;
    else if (NULLABLE_DATE_FIELDS.has(name)) json[name] = value === '' ? null : raw;
    else json[name] = raw;
  }
  return json;
}

/** POST /{library}/upload: the text fields of the multipart form (the PDF is `pdf_file`). */
export const ZUploadDocumentFields = z.preprocess(formFieldsToJson, ZCreateDocumentRequest);
/** PUT /{library}/{id} sent as multipart, with an optional `pdf_file` that attaches or replaces the PDF. */
export const ZUpdateDocumentFields = z.preprocess(formFieldsToJson, ZUpdateDocumentRequest);

/** The one-record answer of a library: `data.order`, `data.circular` or `data.decision`. */
export function libraryDocumentResponse<K extends LibraryRecordKey>(key: K) {
  return z.object({
    success: z.literal(true),
    message: z.string().optional(),
    data: z.object({ [key]: ZLibraryDocumentDetail } as Record<K, typeof ZLibraryDocumentDetail>),
  });
}
export const ZOrderResponse = libraryDocumentResponse('order');
export type TOrderResponse = z.infer<typeof ZOrderResponse>;
export const ZCircularResponse = libraryDocumentResponse('circular');
export type TCircularResponse = z.infer<typeof ZCircularResponse>;
export const ZDecisionResponse = libraryDocumentResponse('decision');
export type TDecisionResponse = z.infer<typeof ZDecisionResponse>;

/** For code that handles every library: the detail under whichever key the library answers. */
export type TLibraryDocumentResponse = {
  success: true;
  message?: string;
  data: Partial<Record<LibraryRecordKey, TLibraryDocumentDetail>>;
};
