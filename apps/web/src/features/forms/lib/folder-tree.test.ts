import { describe, expect, it } from 'vitest';
import type { TFormTreeCategory, TFormTreeFolder } from '@srpf/shared';
import {
  buildFolderTree,
  flattenFolders,
  folderAt,
  foldersAt,
  foldersOnPath,
  formFolderLabels,
  idOf,
  idText,
  levelAt,
  pathFromKey,
  pathKey,
  pathLabels,
  toPathNodes,
} from './folder-tree';
import { chosenFolders } from './metadata-form';

const folder = (id: number, name: string, label: string, extra: Partial<TFormTreeFolder> = {}): TFormTreeFolder => ({
  id,
  name,
  nameMr: label === name ? null : label,
  label,
  slug: name.toLowerCase().replace(/\s+/g, '-'),
  description: null,
  icon: '📁',
  color: '#3B82F6',
  sortOrder: 0,
  isActive: true,
  formCount: 0,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...extra,
});

const TREE: TFormTreeCategory[] = [
  {
    ...folder(1, 'GPF', 'भविष्य निर्वाह निधी', { formCount: 3 }),
    subcategories: [
      { ...folder(11, 'Refundable', 'परतावा', { formCount: 3 }), subSubcategories: [] },
      { ...folder(12, 'Hidden', 'लपवलेले', { isActive: false }), subSubcategories: [] },
    ],
  },
  {
    ...folder(3, 'Paripatrak', 'परिपत्रक'),
    subcategories: [{ ...folder(31, 'Old', 'जुने'), subSubcategories: [folder(311, '2025', '२०२५', { formCount: 1 })] }],
  },
];

describe('the folder tree', () => {
  const tree = buildFolderTree(TREE, { includeInactive: false });

  it('reads the three levels with their paths and labels, inactive folders only when asked for', () => {
    expect(tree.map((item) => item.label)).toEqual(['भविष्य निर्वाह निधी', 'परिपत्रक']);
    expect(tree[0]!.children.map((item) => item.id)).toEqual([11]);
    expect(buildFolderTree(TREE, { includeInactive: true })[0]!.children.map((item) => item.id)).toEqual([11, 12]);
    const leaf = tree[1]!.children[0]!.children[0]!;
    expect(leaf).toMatchObject({
      id: 311,
      level: 'sub_subcategory',
      path: { categoryId: 3, subcategoryId: 31, subSubcategoryId: 311 },
      label: '२०२५',
    });
  });

  it('finds the folders on a path and what shows at it', () => {
    const path = { categoryId: 3, subcategoryId: 31, subSubcategoryId: null };
    expect(foldersOnPath(tree, path).map((item) => item.id)).toEqual([3, 31]);
    expect(folderAt(tree, path)?.id).toBe(31);
    expect(foldersAt(tree, path)?.map((item) => item.id)).toEqual([311]);
    expect(foldersAt(tree, { categoryId: null, subcategoryId: null, subSubcategoryId: null })?.length).toBe(2);
    // A folder deleted meanwhile.
    expect(folderAt(tree, { categoryId: 99, subcategoryId: null, subSubcategoryId: null })).toBeNull();
    expect(foldersAt(tree, { categoryId: 99, subcategoryId: null, subSubcategoryId: null })).toBeUndefined();
    expect(levelAt(path)).toBe('sub_subcategory');
    expect(levelAt({ categoryId: null, subcategoryId: null, subSubcategoryId: null })).toBe('category');
  });

  it('flattens for a picker and keys paths', () => {
    expect(flattenFolders(tree).map(({ labels }) => labels.join(' › '))).toEqual([
      'भविष्य निर्वाह निधी',
      'भविष्य निर्वाह निधी › परतावा',
      'परिपत्रक',
      'परिपत्रक › जुने',
      'परिपत्रक › जुने › २०२५',
    ]);
    const path = { categoryId: 3, subcategoryId: 31, subSubcategoryId: null };
    expect(pathKey(path)).toBe('3/31/-');
    expect(pathFromKey(pathKey(path))).toEqual(path);
    expect(toPathNodes(tree)[1]).toEqual({
      id: 3,
      slug: 'paripatrak',
      name: 'परिपत्रक',
      children: [
        { id: 31, slug: 'old', name: 'जुने', children: [{ id: 311, slug: '2025', name: '२०२५', children: [] }] },
      ],
    });
  });

  it("names a form's folders in the screen's language, or by the answer's names where the tree lacks them", () => {
    const info = {
      categoryId: 3,
      categoryName: 'Paripatrak',
      subcategoryId: 31,
      subcategoryName: 'Old',
      subSubcategoryId: 311,
      subSubcategoryName: '2025',
    };
    expect(formFolderLabels(tree, info)).toEqual(['परिपत्रक', 'जुने', '२०२५']);
    expect(formFolderLabels(tree, { ...info, subcategoryId: 77, subSubcategoryId: null })).toEqual(['परिपत्रक', 'Old']);
    expect(
      formFolderLabels(tree, {
        categoryId: null,
        categoryName: null,
        subcategoryId: null,
        subcategoryName: null,
        subSubcategoryId: null,
        subSubcategoryName: null,
      }),
    ).toEqual([]);
    // Before the tree arrives: the answer's names.
    expect(formFolderLabels([], info)).toEqual(['Paripatrak', 'Old', '2025']);
  });

  it("names the path chosen in a form's selects ('Uploading to:'), a lower level only with its parent", () => {
    expect(pathLabels(tree, chosenFolders({ categoryId: '3', subcategoryId: '31', subSubcategoryId: '311' }))).toEqual([
      'परिपत्रक',
      'जुने',
      '२०२५',
    ]);
    expect(pathLabels(tree, chosenFolders({ categoryId: '', subcategoryId: '31', subSubcategoryId: '' }))).toEqual([]);
    expect(pathLabels(tree, chosenFolders({ categoryId: '99', subcategoryId: '', subSubcategoryId: '' }))).toEqual([]);
  });

  it('reads folder ids as the selects hold them', () => {
    expect(idText(7)).toBe('7');
    expect(idText(null)).toBe('');
    expect(idOf('7')).toBe(7);
    expect(idOf('')).toBeNull();
    expect(idOf('7a')).toBeNull();
  });
});
