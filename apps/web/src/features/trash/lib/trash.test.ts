import { describe, expect, it } from 'vitest';
import { failureMessage, trashFailure } from './failure-message';
import { isFolderKind, purgeMessageKey, restoreDestination, restoredMessageKey, trashItemName } from './trash-item';
import { parseTrashParams, TRASH_PAGE_SIZE, trashListQuery, trashParams } from './trash-params';

describe('the trash address', () => {
  it('reads the library and page, orders and page 1 otherwise', () => {
    expect(parseTrashParams(new URLSearchParams('library=circulars&page=3'))).toEqual({
      library: 'circulars',
      page: 3,
    });
    expect(parseTrashParams(new URLSearchParams('library=government-decisions'))).toEqual({
      library: 'government-decisions',
      page: 1,
    });
    expect(parseTrashParams(new URLSearchParams(''))).toEqual({ library: 'orders', page: 1 });
    expect(parseTrashParams(new URLSearchParams('library=forms&page=0'))).toEqual({ library: 'forms', page: 1 });
    // Anything unknown or malformed falls back.
    expect(parseTrashParams(new URLSearchParams('library=payslips'))).toEqual({ library: 'orders', page: 1 });
    expect(parseTrashParams(new URLSearchParams('library=users&page=-2'))).toEqual({ library: 'orders', page: 1 });
    expect(parseTrashParams(new URLSearchParams('page=9999999999'))).toEqual({ library: 'orders', page: 1 });
  });

  it('writes the library always and the page past the first, and asks for one page', () => {
    expect(trashParams({ library: 'orders', page: 1 }).toString()).toBe('library=orders');
    expect(trashParams({ library: 'circulars', page: 2 }).toString()).toBe('library=circulars&page=2');
    expect(parseTrashParams(trashParams({ library: 'government-decisions', page: 4 }))).toEqual({
      library: 'government-decisions',
      page: 4,
    });
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
    expect(restoredMessageKey({ kind: 'subcategory', moved_to_root: true, documents: 2 })).toBe(
      'restore.doneFolderAtTop',
    );
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

  it('says where a restore goes: its folder, or its category or the main list when the folder is gone', () => {
    const document = {
      kind: 'document' as const,
      location: 'Establishment / Leave',
      restorable: true,
      folder_present: true,
    };
    expect(restoreDestination(document)).toEqual({ key: 'restore.toFolder', location: 'Establishment / Leave' });
    expect(restoreDestination({ ...document, location: null })).toEqual({ key: 'restore.toTop' });
    // Its folder is gone: it goes to the category if that is still there, else the main list; never "back to" the gone folder.
    expect(restoreDestination({ ...document, folder_present: false })).toEqual({ key: 'restore.folderGone' });
    // A folder purged meanwhile leaves no location: only the main list is left.
    expect(restoreDestination({ ...document, location: null, folder_present: false })).toEqual({
      key: 'restore.folderGoneTop',
    });
    // A subcategory whose category is in the trash waits for it.
    expect(
      restoreDestination({ kind: 'subcategory', location: 'Weapons', restorable: false, folder_present: false }),
    ).toEqual({ key: 'restore.categoryFirst', location: 'Weapons' });
    // A form's sub-subcategory whose subcategory (or category) is in the trash waits for that folder.
    expect(
      restoreDestination({
        kind: 'sub_subcategory',
        location: 'GPF / Refundable',
        restorable: false,
        folder_present: false,
      }),
    ).toEqual({ key: 'restore.folderFirst', location: 'GPF / Refundable' });
    // A form goes to the nearest folder left, as a document does.
    expect(
      restoreDestination({ kind: 'form', location: 'GPF / Refundable', restorable: true, folder_present: false }),
    ).toEqual({ key: 'restore.folderGone' });
  });

  it('words the server’s 409s in the reader’s language and shows other refusals as they are', () => {
    const subcategory = { kind: 'subcategory' as const, location: 'Weapons' };
    const document = { kind: 'document' as const, location: null };
    const conflict = {
      status: 409,
      code: 'CONFLICT',
      message: 'Its category "Weapons" is in the trash: restore the category first',
    };
    expect(trashFailure(conflict, 'restore', subcategory)).toEqual({
      key: 'restore.categoryFirst',
      location: 'Weapons',
    });
    expect(
      trashFailure(
        { ...conflict, message: 'Its folder changed while it was being restored: try again' },
        'restore',
        document,
      ),
    ).toEqual({ key: 'errors.conflict' });
    expect(trashFailure(conflict, 'purge', subcategory)).toEqual({ key: 'errors.conflict' });
    expect(trashFailure(conflict, 'restore', { kind: 'sub_subcategory', location: 'GPF / Old' })).toEqual({
      key: 'restore.folderFirst',
      location: 'GPF / Old',
    });
    expect(
      trashFailure(
        { status: 409, code: 'ALREADY_EXISTS', message: 'Something with the same name (slug) is there now' },
        'restore',
        subcategory,
      ),
    ).toEqual({ key: 'restore.nameTaken' });
    expect(trashFailure({ status: 404, code: 'NOT_FOUND', message: 'Not in the trash' }, 'purge', document)).toEqual({
      message: 'Not in the trash',
    });
    expect(trashFailure({ status: 0, code: 'NETWORK', message: 'Network error' }, 'restore', document)).toBeNull();
  });
});
