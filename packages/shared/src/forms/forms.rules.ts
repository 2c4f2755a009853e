import type { Permission } from '../common/permissions.js';
import { LIBRARY_FILE_MAX_BYTES } from '../libraries/libraries.rules.js';

/**
 * The forms library (spec document 2, sections 2.10–2.13, 3, 5 and 9; issue 18): PDF forms filed in a
 * three-level folder tree (category, subcategory, sub-subcategory).
 */

/** A form is in English or Marathi (section 5). */
export const FORM_LANGUAGES = ['en', 'mr'] as const;
export type FormLanguage = (typeof FORM_LANGUAGES)[number];

/** The three folder levels, top down; the API paths are `/api/forms/{level path}`. */
export const FORM_FOLDER_LEVELS = ['category', 'subcategory', 'sub_subcategory'] as const;
export type FormFolderLevel = (typeof FORM_FOLDER_LEVELS)[number];
export const FORM_FOLDER_PATHS = {
  category: 'categories',
  subcategory: 'subcategories',
  sub_subcategory: 'sub-subcategories',
} as const satisfies Record<FormFolderLevel, string>;
/** The key of one folder and of a list in an answer (`data.subSubcategory`, `data.subSubcategories`). */
export const FORM_FOLDER_KEYS = {
  category: { one: 'category', many: 'categories' },
  subcategory: { one: 'subcategory', many: 'subcategories' },
  sub_subcategory: { one: 'subSubcategory', many: 'subSubcategories' },
} as const satisfies Record<FormFolderLevel, { one: string; many: string }>;
/** 1 for a category, 3 for a sub-subcategory (the `level` column). */
export const folderDepth = (level: FormFolderLevel) => FORM_FOLDER_LEVELS.indexOf(level) + 1;
export const folderLevelAt = (depth: number): FormFolderLevel => FORM_FOLDER_LEVELS[depth - 1]!;
/** The level one up, or null for a category. */
export const parentLevelOf = (level: FormFolderLevel): FormFolderLevel | null =>
  level === 'category' ? null : folderLevelAt(folderDepth(level) - 1);

/** Folder form rules of section 5 (the server's too). */
export const FORM_FOLDER_NAME_MAX = 24;
export const FORM_FOLDER_SLUG_MAX = 100;
export const FORM_FOLDER_DESCRIPTION_MAX = 500;
export const FORM_FOLDER_ICON_MAX = 32;
export const FORM_FOLDER_SLUG_PATTERN = /^[a-z0-9-]+$/;
export const HEX_COLOR_PATTERN = /^#[0-9A-Fa-f]{6}$/;
export const FORM_FOLDER_DEFAULT_COLOR = '#3B82F6';
export const FORM_FOLDER_DEFAULT_ICON = '📁';
/** The texts of section 5, shown under the field the server names. */
export const FORM_FOLDER_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be less than ${FORM_FOLDER_NAME_MAX} characters`,
  slugRequired: 'Slug is required',
  slugPattern: 'Slug can only contain lowercase letters, numbers, and hyphens',
  slugTooLong: `Slug must be less than ${FORM_FOLDER_SLUG_MAX} characters`,
  slugTaken: 'This slug is already taken. Please choose a different one.',
  descriptionTooLong: `Description must be less than ${FORM_FOLDER_DESCRIPTION_MAX} characters`,
  colorInvalid: 'Color must be a valid hex color (e.g., #3B82F6)',
  sortOrderNegative: 'Sort order must be a positive number',
  categoryNotFound: 'Category not found',
  subcategoryNotFound: 'Subcategory not found',
  /** A folder holding forms the person may not see: no count, nothing about them (forms.policy.ts). */
  deleteRefused: 'You cannot delete this folder. Ask an administrator to delete it.',
} as const;

/**
 * The slug a folder name gives (section 5): lowercase, characters other than letters, digits, spaces
 * and hyphens removed, spaces to hyphens, repeated hyphens collapsed, no hyphen at either end.
 */
export function folderSlugFromName(name: string): string {
  return name
    .toLowerCase()
    .trim()
    .replace(/[^a-z0-9\s-]/g, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, FORM_FOLDER_SLUG_MAX);
}

/** Form fields. */
export const FORM_TITLE_MAX = 300;
export const FORM_CATEGORY_TEXT_MAX = 200;
export const FORMS_PAGE_DEFAULT = 20;
export const FORMS_PAGE_MAX = 100;
export const FORMS_SEARCH_MAX = 200;
/**
 * A form's file (section 5): a PDF of at most 10 MB, the document libraries' limit (the server's
 * upload path and its texts, LIBRARY_FILE_TOO_LARGE_MESSAGE and LIBRARY_FILE_NOT_PDF_MESSAGE, are shared).
 */
export const FORM_FILE_MAX_BYTES = LIBRARY_FILE_MAX_BYTES;
/** The download name when a form has no usable file name (section 7). */
export const FORM_DEFAULT_FILE_NAME = 'form.pdf';
/** How long a signed download address works (issue 18: "about 60 seconds"). */
export const FORM_DOWNLOAD_URL_TTL_SECONDS = 60;

/**
 * Who may do what with forms (issue 18, over the spec's section 6): upload_forms uploads and edits
 * one's own forms (viewers keep it); manage_forms bulk uploads, edits any form and sees private ones;
 * manage_categories keeps the folder tree; delete_documents deletes; Stats are for the admin roles.
 */
export const FORM_PERMISSIONS = {
  upload: 'upload_forms',
  manage: 'manage_forms',
  folders: 'manage_categories',
  delete: 'delete_documents',
} as const satisfies Record<string, Permission>;

/** Default icons by slug (section 3), and the default tree's. */
export const FORM_FOLDER_ICONS: Readonly<Record<string, string>> = {
  'administrative-forms': '🏛️',
  'hr-forms': '👥',
  'financial-forms': '💰',
  'leave-attendance': '📅',
  gpf: '🏦',
  'medical-bills': '🏥',
  ltc: '🚆',
  'government-agrim': '💼',
  paripatrak: '📜',
  'welfare-schemes': '🤝',
};

/** The icon a folder gets when none is chosen. */
export function defaultFolderIcon(slug: string): string {
  return FORM_FOLDER_ICONS[slug] ?? FORM_FOLDER_DEFAULT_ICON;
}
