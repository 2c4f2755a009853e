import { hasPermission, normaliseRole } from '@srpf/shared/common/permissions';
import { LIBRARY_FOLDER_PERMISSION, LIBRARY_PERMISSIONS, type Library } from '@srpf/shared/libraries/libraries.rules';

export interface LibraryAbilities {
  /** New Order / New Circular / New Decision, Upload. */
  create: boolean;
  /** Edit Details, Edit Order. */
  update: boolean;
  remove: boolean;
  /** New Folder, and the folder cards' edit, create-subcategory and delete. */
  manageFolders: boolean;
  approve: boolean;
  reject: boolean;
}

/**
 * What the signed-in role may do in a library, from the shared permission table and
 * `LIBRARY_PERMISSIONS` (the same in every library; only orders are approved or rejected): the web
 * hides the rest (the server refuses it anyway). Unknown roles and a missing user are viewers.
 */
export function libraryAbilities(role: string | null | undefined, library: Library): LibraryAbilities {
  const may = (permission: Parameters<typeof hasPermission>[1]) => hasPermission(role, permission);
  return {
    create: may(LIBRARY_PERMISSIONS.create),
    update: may(LIBRARY_PERMISSIONS.update),
    remove: may(LIBRARY_PERMISSIONS.delete),
    manageFolders: may(LIBRARY_FOLDER_PERMISSION),
    approve: library === 'orders' && may('approve_orders'),
    reject: library === 'orders' && may('reject_orders'),
  };
}

/** The stored user's role (role or role_name, section 6). */
export function roleOf(user: { role?: string | null; role_name?: string | null } | null | undefined): string {
  return normaliseRole(user?.role || user?.role_name);
}
