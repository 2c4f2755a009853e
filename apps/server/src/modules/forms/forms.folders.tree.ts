import type { TFormTreeCategory, TFormTreeQuery, TFormTreeSubcategory } from '@srpf/shared';
import type { FolderWithCount } from './forms.folders.repository.js';
import { toTreeFolder } from './forms.folders.presenter.js';

/**
 * Nests live folders (read level by level, each level in its order) into the tree of categories,
 * their subcategories and theirs, each labelled in the language asked.
 */
export function buildFolderTree(
  rows: readonly FolderWithCount[],
  language: TFormTreeQuery['language'],
): TFormTreeCategory[] {
  const categories: TFormTreeCategory[] = [];
  const categoryById = new Map<number, TFormTreeCategory>();
  const subcategoryById = new Map<number, TFormTreeSubcategory>();
  for (const row of rows) {
    const { level, id, parent_id } = row.folder;
    if (level === 1) {
      const category = { ...toTreeFolder(row, language), subcategories: [] };
      categories.push(category);
      categoryById.set(id, category);
    } else if (level === 2) {
      const subcategory = { ...toTreeFolder(row, language), subSubcategories: [] };
      categoryById.get(parent_id!)?.subcategories.push(subcategory);
      subcategoryById.set(id, subcategory);
    } else {
      subcategoryById.get(parent_id!)?.subSubcategories.push(toTreeFolder(row, language));
    }
  }
  return categories;
}
