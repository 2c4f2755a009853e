import { folderLevelAt, type FormFolderLevel, type TFormFolder, type TFormTreeFolder } from '@srpf/shared';
import type { FolderRef, FolderWithCount } from './forms.folders.repository.js';

/** The fields a folder answer lists, so a new column never leaks by accident. */

/** How answers name a folder of each level ('Category not found', 'Subcategory created successfully'). */
export const FOLDER_LABELS = {
  category: 'Category',
  subcategory: 'Subcategory',
  sub_subcategory: 'Sub-subcategory',
} as const satisfies Record<FormFolderLevel, string>;

const toRef = ({ id, name, slug }: FolderRef) => ({ id, name, slug });

/**
 * A folder as the lists and the changes answer it: a subcategory names its category, a
 * sub-subcategory its subcategory and category; `children` are its live subfolders, nested as
 * `subcategories` in a category and `subSubcategories` in a subcategory.
 */
export function toFormFolder(
  { folder, form_count, grandparent_id }: FolderWithCount,
  children?: readonly FolderRef[],
): TFormFolder {
  const level = folderLevelAt(folder.level);
  const parents =
    level === 'subcategory'
      ? { categoryId: folder.parent_id! }
      : level === 'sub_subcategory'
        ? { subcategoryId: folder.parent_id!, ...(grandparent_id === null ? {} : { categoryId: grandparent_id }) }
        : {};
  const nested =
    children === undefined
      ? {}
      : level === 'category'
        ? { subcategories: children.map(toRef) }
        : level === 'subcategory'
          ? { subSubcategories: children.map(toRef) }
          : {};
  return {
    id: folder.id,
    name: folder.name,
    nameMr: folder.name_mr,
    slug: folder.slug,
    description: folder.description,
    icon: folder.icon,
    color: folder.color,
    sortOrder: folder.sort_order,
    isActive: folder.is_active,
    formCount: form_count,
    ...parents,
    ...nested,
    created_at: folder.created_at.toISOString(),
    updated_at: folder.updated_at.toISOString(),
  };
}

/** The name shown in a language: the Marathi one for mr and hi where the folder has one. */
export function folderLabel(folder: { name: string; name_mr: string | null }, language: 'en' | 'mr' | 'hi'): string {
  return language !== 'en' && folder.name_mr ? folder.name_mr : folder.name;
}

export function toTreeFolder(row: FolderWithCount, language: 'en' | 'mr' | 'hi'): TFormTreeFolder {
  return { ...toFormFolder(row), label: folderLabel(row.folder, language) };
}
