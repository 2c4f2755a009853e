import { FORM_FOLDER_MESSAGES } from '@srpf/shared/forms/forms.rules';

interface ErrorLike {
  status?: unknown;
  code?: unknown;
  message?: unknown;
  field?: unknown;
  details?: unknown;
}

const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** A 404 (or a malformed id, 400) on a detail page means the form is not there. */
export function isMissingForm(error: unknown): boolean {
  const { status } = (error ?? {}) as ErrorLike;
  return status === 404 || status === 400;
}

export function isForbidden(error: unknown): boolean {
  return ((error ?? {}) as ErrorLike).status === 403;
}

/** The server's message, or null for a network failure or time-out (status 0), which the caller words itself. */
export function serverMessage(error: unknown): string | null {
  const { message, status } = (error ?? {}) as ErrorLike;
  if (status === 0) return null;
  const text = textOf(message);
  return text || null;
}

/** A translation key of the form-editor namespace, with its values; or a text shown as it is (the server's). */
export type EditorText = { key: string; values?: Record<string, string | number> } | { text: string };

/**
 * Why a folder delete was refused: the refusal that names nothing (a folder also holding forms the
 * person may not see) in the reader's language, another server message as it is; null for a network
 * failure.
 */
export function folderDeleteFailure(error: unknown): EditorText | null {
  const text = serverMessage(error);
  if (text === null) return null;
  return text === FORM_FOLDER_MESSAGES.deleteRefused ? { key: 'delete.folderRefused' } : { text };
}

/** The folder form's fields a refused save can name. */
export type FolderField = 'name' | 'nameMr' | 'slug' | 'description' | 'icon' | 'color' | 'sortOrder';

export interface FolderSaveFailure {
  /** Messages under fields. */
  fields: Partial<Record<FolderField, EditorText>>;
  /** A message for the whole form (a missing parent), shown above the fields. */
  form: EditorText | null;
  /**
   * The toast, when the failure is not shown on the form: 'Failed to create {type}: {reason}' or
   * 'Failed to update {type}: {reason}' (the caller words the level).
   */
  toast: { action: 'create' | 'update'; reason: EditorText } | null;
}

const SERVER_FIELDS: Readonly<Record<string, FolderField>> = {
  name: 'name',
  nameMr: 'nameMr',
  slug: 'slug',
  description: 'description',
  icon: 'icon',
  color: 'color',
  sortOrder: 'sortOrder',
};

/** Section 5's texts the server sends on a field, told in the reader's language (keys under folderForm.errors). */
const KNOWN_MESSAGES: ReadonlyMap<string, string> = new Map(
  (Object.entries(FORM_FOLDER_MESSAGES) as [keyof typeof FORM_FOLDER_MESSAGES, string][])
    .filter(([name]) => name !== 'categoryNotFound' && name !== 'subcategoryNotFound')
    .map(([name, message]) => [message.toLowerCase(), `folderForm.errors.${name}`]),
);

const PARENT_CATEGORY_MISSING: EditorText = { key: 'folderForm.errors.parentCategoryNotFound' };
const PARENT_SUBCATEGORY_MISSING: EditorText = { key: 'folderForm.errors.parentSubcategoryNotFound' };

/** A message naming the folder's taken slug or name (a 400 the spec words by what it contains, or a 409). */
const takenText = (field: FolderField): EditorText => ({
  key: field === 'name' || field === 'nameMr' ? 'folderForm.errors.nameTaken' : 'folderForm.errors.slugTaken',
});

/**
 * What a refused folder save shows (section 8, over the server's one 400 shape): each known rule's
 * text on its field in the reader's language; 'Category not found' / 'Subcategory not found' as the
 * spec's "Parent … not found. Please refresh and try again."; a taken slug or name (a 400 whose
 * message contains 'slug' or 'name', or a 409) as "This slug/name is already taken…"; anything else
 * as a toast 'Failed to create {type}: {message}' or 'Failed to update {type}: {message}'.
 */
export function folderSaveFailure(error: unknown, action: 'create' | 'update'): FolderSaveFailure {
  const { status, message, field, details } = (error ?? {}) as ErrorLike;
  const failure: FolderSaveFailure = { fields: {}, form: null, toast: null };
  const failedToast = (reason: EditorText) => ({ action, reason });

  if (status === 0 || typeof status !== 'number') {
    failure.toast = failedToast({ key: 'errors.network' });
    return failure;
  }
  if (status !== 400 && status !== 409) {
    failure.toast = failedToast({ text: textOf(message) || String(status) });
    return failure;
  }
  const items: ErrorLike[] = [...(Array.isArray(details) ? (details as ErrorLike[]) : []), { field, message }];
  for (const item of items) {
    const text = textOf(item.message);
    if (!text) continue;
    const lower = text.toLowerCase();
    const named = textOf(item.field);
    if (/\bsubcategory not found\b/.test(lower) || named === 'subcategoryId') {
      failure.form ??= PARENT_SUBCATEGORY_MISSING;
      continue;
    }
    if (/\bcategory not found\b/.test(lower) || named === 'categoryId') {
      failure.form ??= PARENT_CATEGORY_MISSING;
      continue;
    }
    const target = Object.hasOwn(SERVER_FIELDS, named)
      ? SERVER_FIELDS[named]!
      : lower.includes('slug')
        ? 'slug'
        : lower.includes('name')
          ? 'name'
          : undefined;
    if (target === undefined) continue;
    if (failure.fields[target] !== undefined) continue;
    const known = KNOWN_MESSAGES.get(lower);
    if (status === 409 || /already|taken|exists|duplicate|in use|unique/.test(lower))
      failure.fields[target] = takenText(target);
    else if (known) failure.fields[target] = { key: known };
    else if (target === 'slug' || target === 'name') failure.fields[target] = takenText(target);
    else failure.fields[target] = { text };
  }
  if (failure.form === null && Object.keys(failure.fields).length === 0)
    failure.toast = failedToast({ text: textOf(message) || String(status) });
  return failure;
}
