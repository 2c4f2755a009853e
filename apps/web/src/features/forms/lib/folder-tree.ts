import type { FolderPathNode } from '@srpf/shared/forms/forms.auto-categorise';
import type { FormFolderLevel } from '@srpf/shared/forms/forms.rules';
import type { TFormCategoryInfo, TFormFolder, TFormTreeCategory, TFormTreeFolder } from '@srpf/shared';
import { ROOT_PATH, type FolderPath } from './forms-browse';

/**
 * The folder tree (GET /forms/categories/tree?language=) as the page reads it: one node shape for
 * the three levels, the name in the screen's language (`label`: the Marathi name in Marathi and
 * Hindi), and the path of ids that reaches it.
 */
export interface FolderNode {
  id: number;
  level: FormFolderLevel;
  /** The ids from the category down to this folder. */
  path: FolderPath;
  slug: string;
  /** The name in the screen's language. */
  label: string;
  description: string | null;
  icon: string;
  color: string;
  isActive: boolean;
  /** Live forms in it and below it. */
  formCount: number;
  children: FolderNode[];
  /** The folder as the folder form edits it. */
  folder: TFormFolder;
}

const LEVEL_BELOW: Record<FormFolderLevel, FormFolderLevel | null> = {
  category: 'subcategory',
  subcategory: 'sub_subcategory',
  sub_subcategory: null,
};
export const levelBelow = (level: FormFolderLevel) => LEVEL_BELOW[level];

/** The level whose folders show at a path: categories at the root, then one level deeper per folder opened. */
export function levelAt(path: FolderPath): FormFolderLevel | null {
  if (path.categoryId === null) return 'category';
  if (path.subcategoryId === null) return 'subcategory';
  return path.subSubcategoryId === null ? 'sub_subcategory' : null;
}

function node(folder: TFormTreeFolder, level: FormFolderLevel, path: FolderPath, children: FolderNode[]): FolderNode {
  return {
    id: folder.id,
    level,
    path,
    slug: folder.slug,
    label: folder.label || folder.name,
    description: folder.description,
    icon: folder.icon,
    color: folder.color,
    isActive: folder.isActive,
    formCount: folder.formCount,
    children,
    folder,
  };
}

/** The tree's answer as nodes; inactive folders (and what is below them) only when asked for. */
export function buildFolderTree(
  categories: readonly TFormTreeCategory[],
  options: { includeInactive: boolean },
): FolderNode[] {
  const keep = (folder: { isActive: boolean }) => options.includeInactive || folder.isActive;
  return categories.filter(keep).map((category) => {
    const categoryPath: FolderPath = { ...ROOT_PATH, categoryId: category.id };
    const subcategories = category.subcategories.filter(keep).map((subcategory) => {
      const subcategoryPath: FolderPath = { ...categoryPath, subcategoryId: subcategory.id };
      const leaves = subcategory.subSubcategories
        .filter(keep)
        .map((leaf) => node(leaf, 'sub_subcategory', { ...subcategoryPath, subSubcategoryId: leaf.id }, []));
      return node(subcategory, 'subcategory', subcategoryPath, leaves);
    });
    return node(category, 'category', categoryPath, subcategories);
  });
}

/** The folders along a path, top down; it stops at the first id the tree does not hold (deleted meanwhile). */
export function foldersOnPath(tree: readonly FolderNode[], path: FolderPath): FolderNode[] {
  const found: FolderNode[] = [];
  let level: readonly FolderNode[] = tree;
  for (const id of [path.categoryId, path.subcategoryId, path.subSubcategoryId]) {
    if (id === null) break;
    const folder = level.find((candidate) => candidate.id === id);
    if (!folder) break;
    found.push(folder);
    level = folder.children;
  }
  return found;
}

/** The folder a path ends at (null at the root, or when it is gone). */
export function folderAt(tree: readonly FolderNode[], path: FolderPath): FolderNode | null {
  const depth = [path.categoryId, path.subcategoryId, path.subSubcategoryId].filter((id) => id !== null).length;
  const found = foldersOnPath(tree, path);
  return depth > 0 && found.length === depth ? found[depth - 1]! : null;
}

/** The cards shown at a path: the categories, or the children of the folder opened (undefined when it is gone). */
export function foldersAt(tree: readonly FolderNode[], path: FolderPath): FolderNode[] | undefined {
  if (path.categoryId === null) return [...tree];
  return folderAt(tree, path)?.children;
}

/** Every folder, depth first in sort order, for a folder picker ("GPF › Refundable"). */
export function flattenFolders(tree: readonly FolderNode[]): { node: FolderNode; labels: string[] }[] {
  const out: { node: FolderNode; labels: string[] }[] = [];
  const walk = (nodes: readonly FolderNode[], above: string[]) => {
    for (const folder of nodes) {
      const labels = [...above, folder.label];
      out.push({ node: folder, labels });
      walk(folder.children, labels);
    }
  };
  walk(tree, []);
  return out;
}

/** The shape `resolveFolderPath` reads (packages/shared forms.auto-categorise), with the screen's names. */
export function toPathNodes(tree: readonly FolderNode[]): FolderPathNode[] {
  return tree.map((folder) => ({
    id: folder.id,
    slug: folder.slug,
    name: folder.label,
    children: toPathNodes(folder.children),
  }));
}

/** The names of the folders along a path, top down ('Uploading to:', a bulk file's destination). */
export function pathLabels(tree: readonly FolderNode[], path: FolderPath): string[] {
  return foldersOnPath(tree, path).map((folder) => folder.label);
}

/** A folder id as a select holds it ('' for none), and back (null for anything but a whole number). */
export const idText = (id: number | null | undefined) => (id ? String(id) : '');
export const idOf = (text: string | undefined) => (text !== undefined && /^\d+$/.test(text) ? Number(text) : null);

/** A key for a folder path ('3/7/-'), for selects and comparisons. */
export function pathKey(path: FolderPath): string {
  return [path.categoryId, path.subcategoryId, path.subSubcategoryId]
    .map((id) => (id === null ? '-' : String(id)))
    .join('/');
}

export function pathFromKey(key: string): FolderPath {
  const [categoryId, subcategoryId, subSubcategoryId] = key.split('/');
  return { categoryId: idOf(categoryId), subcategoryId: idOf(subcategoryId), subSubcategoryId: idOf(subSubcategoryId) };
}

/**
 * A form's folder names in the screen's language: the tree's labels where it has the folder, the
 * names the form's answer carries otherwise.
 */
export function formFolderLabels(tree: readonly FolderNode[], info: TFormCategoryInfo): string[] {
  const path: FolderPath = {
    categoryId: info.categoryId,
    subcategoryId: info.subcategoryId,
    subSubcategoryId: info.subSubcategoryId,
  };
  const found = foldersOnPath(tree, path);
  const names = [info.categoryName, info.subcategoryName, info.subSubcategoryName];
  const ids = [info.categoryId, info.subcategoryId, info.subSubcategoryId];
  const labels: string[] = [];
  for (const [index, id] of ids.entries()) {
    if (id === null) break;
    const label = found[index]?.id === id ? found[index].label : names[index];
    if (label) labels.push(label);
  }
  return labels;
}
