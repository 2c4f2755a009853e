import { LIBRARY_FOLDER_PERMISSION, LIBRARY_PERMISSIONS, type Library } from '@srpf/shared/libraries/libraries.rules';
import type { CurrentUser } from '../../../lib/current-user';

export interface LibraryAbilities {
  /** New Order / New Circular / New Decision, Upload, File a Correction. */
  create: boolean;
  /** New Folder, and the folder cards' edit, create-subcategory and delete. */
  manageFolders: boolean;
  approve: boolean;
  reject: boolean;
}

/**
 * What the signed-in role may do in a library, from the shared permission table and
 * `LIBRARY_PERMISSIONS` (the same in every library; only orders are approved or rejected): the web
 * hides the rest (the server refuses it anyway). Unknown roles and a missing user are viewers.
 * Editing and deleting a given document or folder follow the record rules (document-rights.ts).
 */
export function libraryAbilities({ can }: Pick<CurrentUser, 'can'>, library: Library): LibraryAbilities {
  return {
    create: can(LIBRARY_PERMISSIONS.create),
    manageFolders: can(LIBRARY_FOLDER_PERMISSION),
    approve: library === 'orders' && can('approve_orders'),
    reject: library === 'orders' && can('reject_orders'),
  };
}
