import { describe, expect, it } from 'vitest';
import { failureMessage } from './failure-message';
import { isFolderKind, purgeMessageKey, restoredMessageKey, trashItemName } from './trash-item';
import { parseTrashParams, TRASH_PAGE_SIZE, trashListQuery, trashParams } from './trash-params';

describe('the trash address', () => {
  it('reads the library and page, orders and page 1 otherwise', () => {
    expect(parseTrashParams(new URLSearchParams('library=circulars&page=3'))).toEqual({ library: 'circulars', page: 3 });
    expect(parseTrashParams(new URLSearchParams('library=government-decisions'))).toEqual({ library: 'government-decisions', page: 1 });
    expect(parseTrashParams(new URLSearchParams(''))).toEqual({ library: 'orders', page: 1 });
    // Forms have no screen yet; anything unknown or malformed falls back.
    expect(parseTrashParams(new URLSearchParams('library=forms&page=0'))).toEqual({ library: 'orders', page: 1 });
    expect(parseTrashParams(new URLSearchParams('library=users&page=-2'))).toEqual({ library: 'orders', page: 1 });
    expect(parseTrashParams(new URLSearchParams('page=9999999999'))).toEqual({ library: 'orders', page: 1 });
  });

  it('writes the library always and the page past the first, and asks for one page', () => {
    expect(trashParams({ library: 'orders', page: 1 }).toString()).toBe('library=orders');
    expect(trashParams({ library: 'circulars', page: 2 }).toString()).toBe('library=circulars&page=2');
    expect(parseTrashParams(trashParams({ library: 'government-decisions', page: 4 }))).toEqual({ library: 'government-decisions', page: 4 });
    expect(trashListQuery({ library: 'orders', page: 2 })).toEqual({ page: 2, limit: TRASH_PAGE_SIZE });
  });
});

describe('trash items', () => {
  it('names a document by its title and a folder by its name', () => {
    expect(trashItemName({ title: 'Transfer order 12' })).toBe('Transfer order 12');
    expect(trashItemName({ name: 'Establishment' })).toBe('Establishment');
    expect(trashItemName({})).toBe('');
    expect(isFolderKind('category')).toBe(true);
    expect(isFolderKind('subcategory')).toBe(true);
    expect(isFolderKind('document')).toBe(false);
    expect(isFolderKind('form')).toBe(false);
  });

  it('says where a restore went and how many documents came back', () => {
    expect(restoredMessageKey({ kind: 'document', moved_to_root: false, documents: 1 })).toBe('restore.done');
    expect(restoredMessageKey({ kind: 'document', moved_to_root: true, documents: 1 })).toBe('restore.doneAtTop');
    expect(restoredMessageKey({ kind: 'category', moved_to_root: false, documents: 3 })).toBe('restore.doneFolder');
    expect(restoredMessageKey({ kind: 'subcategory', moved_to_root: true, documents: 2 })).toBe('restore.doneFolderAtTop');
    // An empty folder is told like a document: "0 documents" helps nobody.
    expect(restoredMessageKey({ kind: 'category', moved_to_root: false, documents: 0 })).toBe('restore.done');
  });

  it('warns before a permanent delete of a document, an empty folder or a folder with documents', () => {
    expect(purgeMessageKey({ kind: 'document', documents: 1 })).toBe('purge.confirmDocument');
    expect(purgeMessageKey({ kind: 'category', documents: 0 })).toBe('purge.confirmEmptyFolder');
    expect(purgeMessageKey({ kind: 'subcategory', documents: 4 })).toBe('purge.confirmFolder');
  });

  it('shows the server’s reason for a refusal, not a network failure’s', () => {
    expect(failureMessage({ status: 404, message: 'Not in the trash' })).toBe('Not in the trash');
    expect(failureMessage({ status: 0, message: 'Network error' })).toBeNull();
    expect(failureMessage({ status: 500, message: '  ' })).toBeNull();
    expect(failureMessage(undefined)).toBeNull();
  });
});
