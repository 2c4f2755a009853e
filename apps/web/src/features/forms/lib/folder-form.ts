import { z } from 'zod';
import {
  FORM_FOLDER_DEFAULT_COLOR,
  FORM_FOLDER_DESCRIPTION_MAX,
  FORM_FOLDER_ICON_MAX,
  FORM_FOLDER_NAME_MAX,
  FORM_FOLDER_SLUG_MAX,
  FORM_FOLDER_SLUG_PATTERN,
  HEX_COLOR_PATTERN,
  type FormFolderLevel,
} from '@srpf/shared/forms/forms.rules';
import type { TFormFolder, TFormTreeFolder } from '@srpf/shared';
import type { FormFolderBody } from '../api/save-form-folder';

/** Emoji offered beside the Icon field; any other may be typed. */
export const FOLDER_ICON_CHOICES = [
  '📁',
  '📂',
  '📄',
  '📋',
  '🏦',
  '🏥',
  '🚆',
  '💼',
  '📜',
  '🤝',
  '💰',
  '📅',
  '👥',
  '🏛️',
] as const;

export interface FolderFormValues {
  name: string;
  nameMr: string;
  slug: string;
  description: string;
  icon: string;
  color: string;
  /** As typed: anything not a number is sent as 0 (section 5). */
  sortOrder: string;
  isActive: boolean;
}

/** The sort order typed: a whole number, 0 for anything that is not a number (section 5). */
export function sortOrderOf(text: string): number {
  const value = Number.parseInt(text.trim(), 10);
  return Number.isFinite(value) ? value : 0;
}

const key = (name: string) => `folderForm.errors.${name}`;

/**
 * Section 5's folder checks, in its order, with its texts as keys of the form-editor namespace (the
 * server checks the same and names the field it refuses).
 */
export const folderFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { message: key('nameRequired'), abort: true })
    .max(FORM_FOLDER_NAME_MAX, key('nameTooLong')),
  nameMr: z.string().trim().max(FORM_FOLDER_NAME_MAX, key('nameTooLong')),
  slug: z
    .string()
    .trim()
    .min(1, { message: key('slugRequired'), abort: true })
    .regex(FORM_FOLDER_SLUG_PATTERN, { message: key('slugPattern'), abort: true })
    .max(FORM_FOLDER_SLUG_MAX, key('slugTooLong')),
  description: z.string().trim().max(FORM_FOLDER_DESCRIPTION_MAX, key('descriptionTooLong')),
  icon: z.string().trim().max(FORM_FOLDER_ICON_MAX, key('iconTooLong')),
  color: z.string().trim().regex(HEX_COLOR_PATTERN, key('colorInvalid')),
  sortOrder: z.string().refine((text) => sortOrderOf(text) >= 0, key('sortOrderNegative')),
  isActive: z.boolean(),
});

/** The form's values for a folder being edited, or a new one. */
export function folderToFormValues(folder?: TFormFolder | TFormTreeFolder | null): FolderFormValues {
  return {
    name: folder?.name ?? '',
    nameMr: folder?.nameMr ?? '',
    slug: folder?.slug ?? '',
    description: folder?.description ?? '',
    icon: folder?.icon ?? '',
    color: folder?.color && HEX_COLOR_PATTERN.test(folder.color) ? folder.color : FORM_FOLDER_DEFAULT_COLOR,
    sortOrder: String(folder?.sortOrder ?? 0),
    isActive: folder?.isActive ?? true,
  };
}

/**
 * The POST/PUT body: blanks as null (the server picks the icon by slug when none is given), the sort
 * order as a number; a new subcategory names its category, a new sub-subcategory its subcategory.
 */
export function folderBody(
  values: FolderFormValues,
  level: FormFolderLevel,
  parentId: number | null | undefined,
  isNew: boolean,
): FormFolderBody {
  const body: FormFolderBody = {
    name: values.name.trim(),
    nameMr: values.nameMr.trim() || null,
    slug: values.slug.trim(),
    description: values.description.trim() || null,
    icon: values.icon.trim() || null,
    color: values.color.trim(),
    sortOrder: sortOrderOf(values.sortOrder),
    isActive: values.isActive,
  };
  if (isNew && level === 'subcategory' && parentId) body.categoryId = parentId;
  if (isNew && level === 'sub_subcategory' && parentId) body.subcategoryId = parentId;
  return body;
}

/** A subcategory or sub-subcategory needs its parent; a category has none. */
export const needsParent = (level: FormFolderLevel) => level !== 'category';
