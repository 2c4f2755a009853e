import { z } from 'zod';
import {
  CATEGORY_DEFAULT_COLOR,
  CATEGORY_DEFAULT_ICON,
  FOLDER_DESCRIPTION_MAX,
  FOLDER_ICON_MAX,
  FOLDER_NAME_MAX,
  slugFor,
  SUBCATEGORY_DEFAULT_COLOR,
  SUBCATEGORY_DEFAULT_ICON,
} from '@srpf/shared/libraries/libraries.rules';
import type { TLibraryCategory, TLibrarySubcategory } from '@srpf/shared';

/** Emoji offered beside the Icon field; any other may be typed. */
export const ICON_CHOICES = ['📄', '📋', '📁', '📂', '📌', '📢', '⚖️', '🛡️', '🚓', '🏛️', '📅', '💰'] as const;

export interface FolderFormValues {
  /** Subcategories only ('' until chosen). */
  category_id: string;
  name: string;
  description: string;
  icon: string;
  color: string;
}

const HEX = /^#(?:[0-9a-fA-F]{3}){1,2}$/;

/** The server's field names on the folder forms; the slug is made from the name. */
export const FOLDER_ERROR_FIELDS: Readonly<Record<string, keyof FolderFormValues>> = {
  category_id: 'category_id',
  name: 'name',
  slug: 'name',
  description: 'description',
  icon: 'icon',
  color: 'color',
};

/** Category modal: name required; subcategory modal: category and name required (section 5). */
export function folderFormSchema(kind: 'category' | 'subcategory') {
  return z.object({
    category_id: kind === 'subcategory' ? z.string().regex(/^\d+$/, 'folder.categoryRequired') : z.string(),
    name: z
      .string()
      .trim()
      .min(1, { message: 'folder.nameRequired', abort: true })
      .max(FOLDER_NAME_MAX, 'folder.nameTooLong'),
    description: z.string().max(FOLDER_DESCRIPTION_MAX, 'folder.descriptionTooLong'),
    icon: z.string().trim().max(FOLDER_ICON_MAX, 'folder.iconTooLong'),
    color: z
      .string()
      .trim()
      .refine((value) => value === '' || HEX.test(value), 'folder.colorInvalid'),
  });
}

/** `#abc` → `#aabbcc`, the only form a colour input takes; anything unreadable → the fallback. */
export function sixDigitColor(color: string | null | undefined, fallback: string): string {
  const value = (color ?? '').trim();
  if (/^#[0-9a-fA-F]{6}$/.test(value)) return value.toLowerCase();
  if (/^#[0-9a-fA-F]{3}$/.test(value))
    return `#${[...value.slice(1)].map((digit) => digit + digit).join('')}`.toLowerCase();
  return fallback.toLowerCase();
}

export function categoryToFormValues(category: TLibraryCategory | null): FolderFormValues {
  return {
    category_id: '',
    name: category?.name ?? '',
    description: category?.description ?? '',
    icon: category?.icon ?? CATEGORY_DEFAULT_ICON,
    color: sixDigitColor(category?.color, CATEGORY_DEFAULT_COLOR),
  };
}

export function subcategoryToFormValues(
  subcategory: TLibrarySubcategory | null,
  categoryId: number | null,
): FolderFormValues {
  const category = subcategory?.category_id ?? categoryId;
  return {
    category_id: category === null ? '' : String(category),
    name: subcategory?.name ?? '',
    description: subcategory?.description ?? '',
    icon: subcategory?.icon ?? SUBCATEGORY_DEFAULT_ICON,
    color: sixDigitColor(subcategory?.color, SUBCATEGORY_DEFAULT_COLOR),
  };
}

/** POST/PUT body of a category: the slug by the shared rule, blank description as null, defaults for blank icon and colour. */
export function categoryBody(values: FolderFormValues) {
  const name = values.name.trim();
  return {
    name,
    description: values.description.trim() || null,
    slug: slugFor(name),
    icon: values.icon.trim() || CATEGORY_DEFAULT_ICON,
    color: values.color.trim() || CATEGORY_DEFAULT_COLOR,
  };
}

export function subcategoryBody(values: FolderFormValues) {
  const name = values.name.trim();
  return {
    category_id: Number(values.category_id),
    name,
    description: values.description.trim() || null,
    slug: slugFor(name),
    icon: values.icon.trim() || SUBCATEGORY_DEFAULT_ICON,
    color: values.color.trim() || SUBCATEGORY_DEFAULT_COLOR,
  };
}
