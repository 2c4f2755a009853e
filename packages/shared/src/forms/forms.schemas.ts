import { z } from 'zod';
import { pageQuery, ZPagination } from '../common/pagination.js';
import { queryBoolean, queryId, queryText } from '../common/query.js';
import { isValidIsoDate } from '../libraries/libraries.schemas.js';
import {
  FORM_CATEGORY_TEXT_MAX,
  FORM_FOLDER_DESCRIPTION_MAX,
  FORM_FOLDER_ICON_MAX,
  FORM_FOLDER_MESSAGES as M,
  FORM_FOLDER_NAME_MAX,
  FORM_FOLDER_SLUG_MAX,
  FORM_FOLDER_SLUG_PATTERN,
  FORM_LANGUAGES,
  FORM_TITLE_MAX,
  FORMS_PAGE_DEFAULT,
  FORMS_PAGE_MAX,
  FORMS_SEARCH_MAX,
  HEX_COLOR_PATTERN,
} from './forms.rules.js';

/**
 * The forms library's contract (spec document 2, sections 3 and 7; issue 18). Field names are the
 * spec's: camelCase for the folders, `categoryInfo` and the client names (`categoryId`, `isPublic`),
 * snake_case for the form's stored fields (`is_public`, `created_at`, `uploaded_by`, `file_path`).
 *
 * Paths (all under /api/forms):
 * - `GET /` and `GET /hierarchical` (ZFormListQuery → ZFormListResponse): newest first, or in folder
 *   order (category, subcategory, sub-subcategory by sort order and name, then title);
 * - `GET /categories/tree?language=en|mr` → ZFormTreeResponse (`data.categories`, nested);
 * - `GET|POST /categories`, `PUT|DELETE /categories/{id}`; the same for `/subcategories` (with
 *   `categoryId`) and `/sub-subcategories` (with `subcategoryId`): lists answer `data.categories`,
 *   `data.subcategories`, `data.subSubcategories`; one answers `data.category`, `data.subcategory`,
 *   `data.subSubcategory`; a delete `{ success, message, data: { forms } }` (forms that went to the
 *   trash with it);
 * - `POST /` multipart (ZFormUploadFields, the PDF under `file`), `GET|PUT|DELETE /{id}` → `data.form`;
 * - `GET /{id}/stats` → `data.stats` (admin roles); `GET /{id}/download` → `{ url, data: { url,
 *   expiresAt } }`: a signed address, valid about a minute, that streams the PDF without a bearer
 *   header (`GET /api/forms/{id}/file?token=`).
 */

const INT4_MAX = 2_147_483_647;
const missing = (input: unknown) => input === undefined || input === null;

export const ZFormIdParams = z.object({
  id: z.coerce
    .number({ error: 'id must be a positive integer' })
    .int('id must be a positive integer')
    .positive('id must be a positive integer')
    .max(INT4_MAX, 'id is too large'),
});
export type TFormIdParams = z.infer<typeof ZFormIdParams>;

// ---------------------------------------------------------------------------------------------
// Folders

const ZFolderRef = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });

export const ZFormFolder = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The Marathi name, shown when the screen is in Marathi; null: the name is shown. */
  nameMr: z.string().nullable(),
  slug: z.string(),
  description: z.string().nullable(),
  icon: z.string(),
  color: z.string(),
  sortOrder: z.number().int(),
  isActive: z.boolean(),
  /** Live forms in this folder and every folder below it. */
  formCount: z.number().int(),
  /** A subcategory's category. */
  categoryId: z.number().int().optional(),
  /** A sub-subcategory's subcategory (and its category). */
  subcategoryId: z.number().int().optional(),
  /** In category lists: its live subcategories. */
  subcategories: z.array(ZFolderRef).optional(),
  /** In subcategory lists: its live sub-subcategories. */
  subSubcategories: z.array(ZFolderRef).optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TFormFolder = z.infer<typeof ZFormFolder>;

/** GET /forms/categories, /subcategories, /sub-subcategories. */
export const ZFormFolderListQuery = z.object({
  isActive: queryBoolean,
  /** Subcategories of one category. */
  categoryId: queryId,
  /** Sub-subcategories of one subcategory. */
  subcategoryId: queryId,
});
export type TFormFolderListQuery = z.infer<typeof ZFormFolderListQuery>;

/** A parent folder's id: a number, or digits as text; absent is 'categoryId is required'. */
const folderId = (name: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z
      .number({ error: (issue) => (missing(issue.input) ? `${name} is required` : `${name} must be a number`) })
      .int(`${name} must be a whole number`)
      .positive(`${name} must be a positive number`)
      .max(INT4_MAX, `${name} is too large`),
  );

/** A folder's own fields as the folder form sends them (section 5's rules and texts). */
const folderFields = {
  name: z
    .string({ error: M.nameRequired })
    .trim()
    .min(1, { message: M.nameRequired, abort: true })
    .max(FORM_FOLDER_NAME_MAX, M.nameTooLong),
  nameMr: z
    .string({ error: 'Marathi name must be text' })
    .trim()
    .max(FORM_FOLDER_NAME_MAX, M.nameTooLong)
    .nullable()
    .transform((value) => value || null)
    .optional(),
  /** Derived from the name when absent or blank (section 5). */
  slug: z
    .string({ error: M.slugRequired })
    .trim()
    .max(FORM_FOLDER_SLUG_MAX, M.slugTooLong)
    .regex(FORM_FOLDER_SLUG_PATTERN, M.slugPattern)
    .or(z.literal(''))
    .nullable()
    .optional(),
  description: z
    .string({ error: 'Description must be text' })
    .trim()
    .max(FORM_FOLDER_DESCRIPTION_MAX, M.descriptionTooLong)
    .nullable()
    .transform((value) => value || null)
    .optional(),
  /** Defaults by slug (FORM_FOLDER_ICONS). */
  icon: z
    .string({ error: 'Icon must be text' })
    .trim()
    .max(FORM_FOLDER_ICON_MAX, `Icon must be at most ${FORM_FOLDER_ICON_MAX} characters`)
    .nullable()
    .optional(),
  color: z.string({ error: M.colorInvalid }).trim().regex(HEX_COLOR_PATTERN, M.colorInvalid).optional(),
  sortOrder: z.coerce
    .number({ error: M.sortOrderNegative })
    .int(M.sortOrderNegative)
    .min(0, M.sortOrderNegative)
    .max(INT4_MAX, M.sortOrderNegative)
    .optional(),
  isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
};

/** POST /forms/categories (manage_categories). */
export const ZCreateFormCategoryRequest = z.object(folderFields);
export type TCreateFormCategoryRequest = z.input<typeof ZCreateFormCategoryRequest>;
/** POST /forms/subcategories: `categoryId` must name a live category (else 400 'Category not found'). */
export const ZCreateFormSubcategoryRequest = z.object({ ...folderFields, categoryId: folderId('categoryId') });
export type TCreateFormSubcategoryRequest = z.input<typeof ZCreateFormSubcategoryRequest>;
/** POST /forms/sub-subcategories: `subcategoryId` must name a live subcategory (else 400 'Subcategory not found'). */
export const ZCreateFormSubSubcategoryRequest = z.object({ ...folderFields, subcategoryId: folderId('subcategoryId') });
export type TCreateFormSubSubcategoryRequest = z.input<typeof ZCreateFormSubSubcategoryRequest>;
/** PUT: the fields sent change; a new parent id moves the folder and everything in it. */
export const ZUpdateFormCategoryRequest = ZCreateFormCategoryRequest.partial();
export const ZUpdateFormSubcategoryRequest = ZCreateFormSubcategoryRequest.partial();
export const ZUpdateFormSubSubcategoryRequest = ZCreateFormSubSubcategoryRequest.partial();
export type TUpdateFormFolderRequest = z.input<typeof ZUpdateFormSubSubcategoryRequest> &
  z.input<typeof ZUpdateFormSubcategoryRequest>;

export const ZFormCategoryResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: z.object({ category: ZFormFolder }),
});
export const ZFormSubcategoryResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: z.object({ subcategory: ZFormFolder }),
});
export const ZFormSubSubcategoryResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: z.object({ subSubcategory: ZFormFolder }),
});
export const ZFormCategoryListResponse = z.object({
  success: z.literal(true),
  data: z.object({ categories: z.array(ZFormFolder) }),
});
export const ZFormSubcategoryListResponse = z.object({
  success: z.literal(true),
  data: z.object({ subcategories: z.array(ZFormFolder) }),
});
export const ZFormSubSubcategoryListResponse = z.object({
  success: z.literal(true),
  data: z.object({ subSubcategories: z.array(ZFormFolder) }),
});
export const ZFormFolderDeleteResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ forms: z.number().int() }),
});
export type TFormFolderDeleteResponse = z.infer<typeof ZFormFolderDeleteResponse>;

/** GET /forms/categories/tree?language= : every live folder (active or not), nested, in sort order. */
export const ZFormTreeQuery = z.object({
  language: z.enum(['en', 'mr', 'hi'], { error: 'language must be en or mr' }).default('en'),
});
export type TFormTreeQuery = z.infer<typeof ZFormTreeQuery>;
const ZTreeFolder = ZFormFolder.omit({ subcategories: true, subSubcategories: true }).extend({
  /** The name in the asked language (Marathi for mr and hi, where the folder has one). */
  label: z.string(),
});
export const ZFormTreeSubSubcategory = ZTreeFolder;
export const ZFormTreeSubcategory = ZTreeFolder.extend({ subSubcategories: z.array(ZTreeFolder) });
export const ZFormTreeCategory = ZTreeFolder.extend({ subcategories: z.array(ZFormTreeSubcategory) });
export type TFormTreeCategory = z.infer<typeof ZFormTreeCategory>;
export type TFormTreeSubcategory = z.infer<typeof ZFormTreeSubcategory>;
export type TFormTreeFolder = z.infer<typeof ZTreeFolder>;
export const ZFormTreeResponse = z.object({
  success: z.literal(true),
  data: z.object({ categories: z.array(ZFormTreeCategory) }),
});
export type TFormTreeResponse = z.infer<typeof ZFormTreeResponse>;

// ---------------------------------------------------------------------------------------------
// Forms

export const ZFormCategoryInfo = z.object({
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  subcategoryId: z.number().int().nullable(),
  subcategoryName: z.string().nullable(),
  subSubcategoryId: z.number().int().nullable(),
  subSubcategoryName: z.string().nullable(),
});
export type TFormCategoryInfo = z.infer<typeof ZFormCategoryInfo>;

export const ZForm = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The legacy free-text category. */
  category: z.string().nullable(),
  language: z.enum(FORM_LANGUAGES),
  is_public: z.boolean(),
  isPublic: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The uploader's user id (null when the account is gone). */
  uploaded_by: z.number().int().nullable(),
  uploaded_by_name: z.string().nullable(),
  /** The PDF's file name as uploaded (cleaned); never where it is stored. */
  file_path: z.string(),
  file_size: z.number().int(),
  /** Where the signed download address is asked for (`/api/forms/{id}/download`). */
  presign: z.string(),
  categoryId: z.number().int().nullable(),
  subcategoryId: z.number().int().nullable(),
  subSubcategoryId: z.number().int().nullable(),
  categoryInfo: ZFormCategoryInfo,
});
export type TForm = z.infer<typeof ZForm>;

const dateQuery = (label: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().trim().refine(isValidIsoDate, `${label} must be a valid date (YYYY-MM-DD)`).optional(),
  );

/** GET /forms and GET /forms/hierarchical (section 7's filters; a folder filter takes everything below it). */
export const ZFormListQuery = pageQuery(FORMS_PAGE_MAX, FORMS_PAGE_DEFAULT).extend({
  search: queryText(FORMS_SEARCH_MAX),
  language: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(FORM_LANGUAGES, { error: 'language must be en or mr' }).optional(),
  ),
  categoryId: queryId,
  subcategoryId: queryId,
  subSubcategoryId: queryId,
  isPublic: queryBoolean,
  dateFrom: dateQuery('dateFrom'),
  dateTo: dateQuery('dateTo'),
});
export type TFormListQuery = z.infer<typeof ZFormListQuery>;

/** The list envelope; its pagination also carries `pages`, the spec's name for the forms list. */
export const ZFormPagination = ZPagination.extend({ pages: z.number().int() });
export const ZFormListResponse = z.object({
  success: z.literal(true),
  data: z.array(ZForm),
  pagination: ZFormPagination,
});
export type TFormListResponse = z.infer<typeof ZFormListResponse>;

export const ZFormResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: z.object({ form: ZForm }),
});
export type TFormResponse = z.infer<typeof ZFormResponse>;

const formTitle = z
  .string({ error: (issue) => (missing(issue.input) ? 'Title is required' : 'Title must be text') })
  .trim()
  .min(1, { message: 'Title is required', abort: true })
  .max(FORM_TITLE_MAX, `Title must be at most ${FORM_TITLE_MAX} characters`);
const legacyCategory = z
  .string({ error: 'Category must be text' })
  .trim()
  .max(FORM_CATEGORY_TEXT_MAX, `Category must be at most ${FORM_CATEGORY_TEXT_MAX} characters`)
  .nullable()
  .transform((value) => value || null);
const formLanguage = z.enum(FORM_LANGUAGES, {
  error: (issue) => (missing(issue.input) || issue.input === '' ? 'Language is required' : 'Language must be en or mr'),
});
/** A folder id of the upload form: blank or 'null' is none. */
const textFolderId = (label: string) =>
  z.preprocess(
    (value) => (value === '' || value === 'null' || value === undefined ? null : value),
    z.coerce
      .number({ error: `${label} must be a number` })
      .int(`${label} must be a whole number`)
      .positive(`${label} must be a positive number`)
      .max(INT4_MAX, `${label} is too large`)
      .nullable(),
  );
const textBoolean = (label: string) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : value),
    z
      .enum(['true', 'false'], { error: `${label} must be true or false` })
      .transform((value) => value === 'true')
      .optional(),
  );

/**
 * POST /forms, multipart: the text fields (section 3's upload payload) and the PDF under `file`.
 * `formName` is the title under its other name: either is enough. Public unless isPublic is 'false'.
 * The deepest folder given places the form; the ones above it must be its parents.
 */
export const ZFormUploadFields = z
  .object({
    title: formTitle.optional(),
    formName: formTitle.optional(),
    category: legacyCategory.optional(),
    language: formLanguage,
    isPublic: textBoolean('isPublic'),
    categoryId: textFolderId('categoryId').optional(),
    subcategoryId: textFolderId('subcategoryId').optional(),
    subSubcategoryId: textFolderId('subSubcategoryId').optional(),
  })
  .superRefine((fields, context) => {
    if (fields.title === undefined && fields.formName === undefined)
      context.addIssue({ code: 'custom', path: ['title'], message: 'Title is required' });
  })
  .transform(({ formName, title, ...rest }) => ({
    ...rest,
    title: (title ?? formName)!,
    isPublic: rest.isPublic ?? true,
  }));
export type TFormUploadFields = z.output<typeof ZFormUploadFields>;

const jsonFolderId = (label: string) =>
  z
    .number({ error: `${label} must be a number or null` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be a positive number`)
    .max(INT4_MAX, `${label} is too large`)
    .nullable();

/** PUT /forms/{id}: metadata only (the file cannot change); the fields sent change, at least one. */
export const ZFormUpdateRequest = z
  .object({
    title: formTitle.optional(),
    category: legacyCategory.optional(),
    language: formLanguage.optional(),
    isPublic: z.boolean({ error: 'isPublic must be true or false' }).optional(),
    categoryId: jsonFolderId('categoryId').optional(),
    subcategoryId: jsonFolderId('subcategoryId').optional(),
    subSubcategoryId: jsonFolderId('subSubcategoryId').optional(),
  })
  .refine((fields) => Object.values(fields).some((value) => value !== undefined), {
    message: 'Nothing to update',
    path: ['body'],
  });
export type TFormUpdateRequest = z.input<typeof ZFormUpdateRequest>;

export const ZFormStatsResponse = z.object({
  success: z.literal(true),
  data: z.object({
    stats: z.object({
      totalDownloads: z.number().int(),
      /** Different people who downloaded it. */
      uniqueUsers: z.number().int(),
      lastDownloadedAt: z.string().nullable(),
    }),
  }),
});
export type TFormStatsResponse = z.infer<typeof ZFormStatsResponse>;

/** GET /forms/{id}/download: `url` at the top (the spec's client reads it there) and in `data`. */
export const ZFormDownloadResponse = z.object({
  success: z.literal(true),
  url: z.string(),
  data: z.object({ url: z.string(), expiresAt: z.string() }),
});
export type TFormDownloadResponse = z.infer<typeof ZFormDownloadResponse>;

/** GET /forms/{id}/file?token= : the signed address's token. */
export const ZFormFileQuery = z.object({
  token: z.string({ error: 'token is required' }).min(1, 'token is required').max(1000, 'token is too long'),
});

export const ZFormDeleteResponse = z.object({ success: z.literal(true), message: z.string() });
