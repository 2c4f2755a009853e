import { describe, expect, it } from 'vitest';
import { folderBody, folderFormSchema, folderToFormValues, sortOrderOf, type FolderFormValues } from './folder-form';
import { folderDeleteMessage } from './folder-delete';

const values = (overrides: Partial<FolderFormValues> = {}): FolderFormValues => ({
  ...folderToFormValues(),
  name: 'GPF',
  slug: 'gpf',
  ...overrides,
});
const firstError = (input: FolderFormValues, field: keyof FolderFormValues) => {
  const result = folderFormSchema.safeParse(input);
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;
};

describe('folder form checks (section 5)', () => {
  it('accepts a complete folder', () => {
    expect(folderFormSchema.safeParse(values()).success).toBe(true);
  });

  it('requires the name, at most 24 characters', () => {
    expect(firstError(values({ name: '  ' }), 'name')).toBe('folderForm.errors.nameRequired');
    expect(firstError(values({ name: 'x'.repeat(25) }), 'name')).toBe('folderForm.errors.nameTooLong');
    expect(firstError(values({ name: 'x'.repeat(24) }), 'name')).toBeUndefined();
  });

  it('requires the slug, lowercase letters, digits and hyphens, at most 100', () => {
    expect(firstError(values({ slug: '' }), 'slug')).toBe('folderForm.errors.slugRequired');
    expect(firstError(values({ slug: 'Bad Slug' }), 'slug')).toBe('folderForm.errors.slugPattern');
    expect(firstError(values({ slug: 'a'.repeat(101) }), 'slug')).toBe('folderForm.errors.slugTooLong');
  });

  it('limits the description to 500 characters and wants a six-digit hex colour', () => {
    expect(firstError(values({ description: 'd'.repeat(501) }), 'description')).toBe(
      'folderForm.errors.descriptionTooLong',
    );
    expect(firstError(values({ color: '#abc' }), 'color')).toBe('folderForm.errors.colorInvalid');
    expect(firstError(values({ color: '#3B82F6' }), 'color')).toBeUndefined();
  });

  it('refuses a negative sort order; anything not a number is 0', () => {
    expect(firstError(values({ sortOrder: '-1' }), 'sortOrder')).toBe('folderForm.errors.sortOrderNegative');
    expect(firstError(values({ sortOrder: 'abc' }), 'sortOrder')).toBeUndefined();
    expect(sortOrderOf('abc')).toBe(0);
    expect(sortOrderOf(' 7 ')).toBe(7);
    expect(sortOrderOf('')).toBe(0);
  });
});

describe('folderBody', () => {
  it('sends blanks as null and the sort order as a number', () => {
    expect(folderBody(values({ sortOrder: 'x', icon: ' ' }), 'category', null, true)).toEqual({
      name: 'GPF',
      nameMr: null,
      slug: 'gpf',
      description: null,
      icon: null,
      color: '#3B82F6',
      sortOrder: 0,
      isActive: true,
    });
  });

  it("names a new folder's parent, and leaves the parent alone on an edit", () => {
    expect(folderBody(values(), 'subcategory', 4, true).categoryId).toBe(4);
    expect(folderBody(values(), 'sub_subcategory', 9, true).subcategoryId).toBe(9);
    expect(folderBody(values(), 'subcategory', 4, false).categoryId).toBeUndefined();
  });
});

describe('folderDeleteMessage', () => {
  it('asks, says what goes with it and for how long it can be restored', () => {
    expect(folderDeleteMessage({ formCount: 0, children: 0 }, 30, 'type')).toEqual([
      { key: 'delete.folderConfirm' },
      { key: 'delete.folderAlone' },
      { key: 'delete.restorableFor', count: 30 },
    ]);
    expect(folderDeleteMessage({ formCount: 3, children: 2 }, undefined, 'type')).toEqual([
      { key: 'delete.folderConfirm' },
      { key: 'delete.folderWithFoldersAndForms', count: 3 },
      { key: 'delete.restorable' },
    ]);
    expect(folderDeleteMessage({ formCount: 1, children: 0 }, 7, 'type')[1]).toEqual({
      key: 'delete.folderWithForms',
      count: 1,
    });
    expect(folderDeleteMessage({ formCount: 0, children: 1 }, 7, 'type')[1]).toEqual({
      key: 'delete.folderWithFolders',
    });
  });

  it("asks by the folder's name on /forms, by its level on the management page", () => {
    expect(folderDeleteMessage({ formCount: 0, children: 0 }, 30, 'name')[0]).toEqual({
      key: 'delete.folderConfirmNamed',
    });
    expect(folderDeleteMessage({ formCount: 0, children: 0 }, 30, 'type')[0]).toEqual({ key: 'delete.folderConfirm' });
  });
});
