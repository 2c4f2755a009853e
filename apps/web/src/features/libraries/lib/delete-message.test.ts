import { describe, expect, it } from 'vitest';
import { deleteMessageParts } from './delete-message';

describe('delete confirmations', () => {
  it('asks the spec’s question about a document, then says it goes to the trash and for how long', () => {
    expect(deleteMessageParts({ kind: 'document' }, 30)).toEqual([
      { scope: 'library', key: 'deleteConfirm' },
      { scope: 'shared', key: 'delete.toTrash', count: 30 },
    ]);
    expect(deleteMessageParts({ kind: 'document' }, undefined)).toEqual([
      { scope: 'library', key: 'deleteConfirm' },
      { scope: 'shared', key: 'delete.toTrashNoDays' },
    ]);
  });

  it('counts the documents a folder takes to the trash with it', () => {
    expect(deleteMessageParts({ kind: 'category', documents: 3 }, 14)).toEqual([
      { scope: 'library', key: 'deleteCategoryConfirm' },
      { scope: 'library', key: 'categoryToTrash', count: 3 },
      { scope: 'shared', key: 'delete.restorableFor', count: 14 },
    ]);
    expect(deleteMessageParts({ kind: 'subcategory', documents: 0 }, undefined)).toEqual([
      { scope: 'library', key: 'deleteSubcategoryConfirm' },
      { scope: 'shared', key: 'delete.subcategoryToTrash' },
      { scope: 'shared', key: 'delete.restorable' },
    ]);
    expect(deleteMessageParts({ kind: 'subcategory', documents: 2 }, 30)[1]).toEqual({
      scope: 'library',
      key: 'subcategoryToTrash',
      count: 2,
    });
    expect(deleteMessageParts({ kind: 'category', documents: 0 }, 30)[1]).toEqual({
      scope: 'shared',
      key: 'delete.categoryToTrash',
    });
  });
});
