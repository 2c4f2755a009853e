import { browseInto, listFolder, type FolderPath, type FormsBrowseState } from './forms-browse';

/** What opening a folder card does (section 2.10). */
export type FolderOpening =
  /** It has subfolders: their cards (the next level). */
  | { kind: 'browse'; state: FormsBrowseState }
  /** Forms but no subfolders: the list, filtered to it. */
  | { kind: 'list'; state: FormsBrowseState }
  /** Empty: the upload panel, filed into it. */
  | { kind: 'upload'; folder: FolderPath };

/**
 * Opening a folder pushes it onto the path. A folder with subfolders (those the user sees) opens
 * the next level; one with forms but no subfolders switches to the list filtered to it; an empty
 * one opens the upload form prefilled with that folder, or, for someone who may not upload, the
 * (empty) list of it.
 */
export function openFolder(
  state: FormsBrowseState,
  folder: { path: FolderPath; subfolders: number; formCount: number },
  mayUpload: boolean,
): FolderOpening {
  if (folder.subfolders > 0 && folder.path.subSubcategoryId === null)
    return { kind: 'browse', state: browseInto(state, folder.path) };
  if (folder.formCount > 0 || !mayUpload) return { kind: 'list', state: listFolder(state, folder.path) };
  return { kind: 'upload', folder: folder.path };
}
