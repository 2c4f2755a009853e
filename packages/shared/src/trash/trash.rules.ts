import { LIBRARIES } from '../libraries/libraries.rules.js';

/**
 * The trash's libraries and kinds, zod-free so the web's trash screen can load them from a subpath
 * (`@srpf/shared/trash/trash.rules`).
 */

export const TRASH_LIBRARIES = [...LIBRARIES, 'forms'] as const;
export type TrashLibrary = (typeof TRASH_LIBRARIES)[number];

export const TRASH_KINDS = ['document', 'category', 'subcategory', 'form', 'sub_subcategory'] as const;
export type TrashKind = (typeof TRASH_KINDS)[number];

/**
 * The document libraries and the forms library both keep kinds `category` and `subcategory`, each
 * with ids of its own table, so a restore or purge names its library; one that names none means the
 * document libraries (the clients written before the forms library), or the forms library for the
 * kinds only it keeps.
 */
export const FORMS_ONLY_TRASH_KINDS: readonly TrashKind[] = ['form', 'sub_subcategory'];
export function defaultTrashLibraryOf(kind: TrashKind): TrashLibrary {
  return FORMS_ONLY_TRASH_KINDS.includes(kind) ? 'forms' : LIBRARIES[0];
}
