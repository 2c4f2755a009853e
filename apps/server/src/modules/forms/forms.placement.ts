import { FORM_FOLDER_MESSAGES } from '@srpf/shared';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { invalidField } from '../../lib/validation.js';
import { folderChain, holdFolders, sameChain, type ChainFolder } from './forms.folder-chain.js';

/**
 * Where a form goes (issue 18): the deepest folder given places it (`folder_id`); the folders above it,
 * when given, must be its parents, and when not given are read up the tree. Every folder named must
 * exist outside the trash at its own level. The chain of folders is held (FOR SHARE, top down) until
 * the form commits, so a folder's delete at the same moment either waits and takes the form along to
 * the trash, or goes first and refuses it.
 */

/** The three folder ids of the upload and update payloads: undefined when not sent, null for none. */
export interface FolderIds {
  categoryId?: number | null;
  subcategoryId?: number | null;
  subSubcategoryId?: number | null;
}

/** A path by level: category, subcategory, sub-subcategory. */
export type FolderPath = [number | null, number | null, number | null];

const LEVELS = [
  { field: 'categoryId', label: 'category', notFound: FORM_FOLDER_MESSAGES.categoryNotFound },
  { field: 'subcategoryId', label: 'subcategory', notFound: FORM_FOLDER_MESSAGES.subcategoryNotFound },
  // Section 8 names only the first two texts; the third level follows them.
  { field: 'subSubcategoryId', label: 'sub-subcategory', notFound: 'Sub-subcategory not found' },
] as const satisfies readonly { field: keyof FolderIds; label: string; notFound: string }[];

const EMPTY_PATH: FolderPath = [null, null, null];

/** Did the payload name a folder field at all? */
export const namesAFolder = (sent: FolderIds) => LEVELS.some(({ field }) => sent[field] !== undefined);

/**
 * The path a payload asks for, over the current one (none on create): a level sent replaces the
 * current one and, when it changed, clears the levels below it that were not sent, as the web clears
 * them (a new category leaves no old subcategory behind; the same category sent again keeps it).
 */
export function requestedPath(current: FolderPath, sent: FolderIds): FolderPath {
  const path: FolderPath = [...current];
  LEVELS.forEach(({ field }, level) => {
    const value = sent[field];
    if (value === undefined || value === path[level]) return;
    path[level] = value;
    for (let below = level + 1; below < LEVELS.length; below += 1)
      if (sent[LEVELS[below]!.field] === undefined) path[below] = null;
  });
  return path;
}

/** A folder's chain (category first) when every folder of it is outside the trash; undefined otherwise. */
async function liveChain(executor: Executor, folderId: number): Promise<ChainFolder[] | undefined> {
  const chain = await folderChain(executor, folderId);
  return chain.length > 0 && chain.every((folder) => folder.deleted_at === null) ? chain : undefined;
}

/** The path of a chain, by level. */
function pathOf(chain: readonly ChainFolder[]): FolderPath {
  const path: FolderPath = [...EMPTY_PATH];
  for (const folder of chain) if (folder.level >= 1 && folder.level <= 3) path[folder.level - 1] = folder.id;
  return path;
}

/** The current path of a form in this folder (none when it is uncategorised). */
export async function currentPath(executor: Executor, folderId: number | null): Promise<FolderPath> {
  return folderId === null ? [...EMPTY_PATH] : pathOf(await folderChain(executor, folderId));
}

/** Holds the chain of a form's folder (FOR SHARE, top down) as it is now, before the form is locked. */
export async function holdChain(executor: Executor, folderId: number | null): Promise<void> {
  if (folderId !== null) await holdFolders(executor, await folderChain(executor, folderId));
}

/**
 * The folder a form goes into for this payload (null: uncategorised), checked against the tree and
 * held until the transaction ends. 400 naming the field for a folder that is missing, in the trash,
 * of another level, or not above the deepest one given.
 */
export async function placeForm(tx: Executor, current: FolderPath, sent: FolderIds): Promise<number | null> {
  const path = requestedPath(current, sent);
  const deepest = path.findLastIndex((id) => id !== null);
  if (deepest === -1) return null;
  const target = LEVELS[deepest]!;
  const folderId = path[deepest]!;

  for (let attempt = 0; attempt < 3; attempt += 1) {
    const chain = await liveChain(tx, folderId);
    if (chain?.at(-1)?.level !== deepest + 1)
      throw invalidField(target.field, 'validation.folder_not_found', {}, target.notFound);
    const parents = pathOf(chain);
    for (let level = 0; level < deepest; level += 1) {
      const { field, label, notFound } = LEVELS[level]!;
      const given = sent[field];
      if (typeof given !== 'number' || given === parents[level]) continue;
      const named = await liveChain(tx, given);
      if (named?.at(-1)?.level !== level + 1) throw invalidField(field, 'validation.folder_not_found', {}, notFound);
      throw invalidField(field, 'forms.folder_not_in_parent', {}, `The ${target.label} is not in this ${label}`);
    }
    // Held as they are now: unchanged since read, the placement stands; moved or trashed meanwhile, it is read again.
    await holdFolders(tx, chain);
    const held = await liveChain(tx, folderId);
    if (held && sameChain(chain, held)) return folderId;
  }
  throw new AppError('forms.folder_moved', {}, 'The folder was moved or deleted meanwhile: try again');
}
