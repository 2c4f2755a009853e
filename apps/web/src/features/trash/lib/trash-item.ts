import type { TTrashItem } from '@srpf/shared';

/** What a row names: a document's (or form's) title, a folder's name. */
export function trashItemName(item: Pick<TTrashItem, 'title' | 'name'>): string {
  return item.title ?? item.name ?? '';
}

/** Folders take their documents with them; a document is one. */
export const isFolderKind = (kind: TTrashItem['kind']) =>
  kind === 'category' || kind === 'subcategory' || kind === 'sub_subcategory';

/**
 * The key (in the trash namespace) of what a restore tells: where it went (back into its folder,
 * or to the library's top because that folder is gone) and, for a folder that held documents, how
 * many came back with it (the `count`).
 */
export function restoredMessageKey(restored: {
  kind: TTrashItem['kind'];
  moved_to_root: boolean;
  documents: number;
}): string {
  const withDocuments = isFolderKind(restored.kind) && restored.documents > 0;
  if (restored.moved_to_root) return withDocuments ? 'restore.doneFolderAtTop' : 'restore.doneAtTop';
  return withDocuments ? 'restore.doneFolder' : 'restore.done';
}

/** The key of the permanent-delete warning: a document, an empty folder, or a folder and its documents. */
export function purgeMessageKey(item: Pick<TTrashItem, 'kind' | 'documents'>): string {
  if (!isFolderKind(item.kind)) return 'purge.confirmDocument';
  return item.documents > 0 ? 'purge.confirmFolder' : 'purge.confirmEmptyFolder';
}

/**
 * The key saying what to restore first when the item's parent is in the trash: its category, or for
 * the forms library's sub-subcategories, the folder it was in.
 */
export const parentFirstKey = (kind: TTrashItem['kind']) =>
  kind === 'sub_subcategory' ? 'restore.folderFirst' : 'restore.categoryFirst';

/**
 * Where the restore confirmation says the item goes (the key, in the trash namespace, and its
 * `location`): back into its folder when that is still there; when it is gone, into its category if
 * that is still there, or the library's main list; a subcategory whose category is in the trash
 * cannot be restored until the category is ('restore.categoryFirst', shown instead of Restore).
 */
export function restoreDestination(item: Pick<TTrashItem, 'kind' | 'location' | 'restorable' | 'folder_present'>): {
  key: string;
  location?: string;
} {
  if (!item.restorable) return { key: parentFirstKey(item.kind), location: item.location ?? '' };
  if (!item.folder_present) return item.location ? { key: 'restore.folderGone' } : { key: 'restore.folderGoneTop' };
  return item.location ? { key: 'restore.toFolder', location: item.location } : { key: 'restore.toTop' };
}
