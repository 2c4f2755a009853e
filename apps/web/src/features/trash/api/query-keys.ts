import type { TrashLibrary } from '@srpf/shared/trash/trash.rules';
import type { TrashListQuery } from '../lib/trash-params';

/**
 * The trash's lists start with ['trash', 'list'] (its settings are ['trash', 'settings'], in
 * src/api/lookups), so a delete in a library refreshes every list with one invalidation.
 */
export const trashKeys = {
  lists: ['trash', 'list'] as const,
  list: (library: TrashLibrary, query: TrashListQuery) => ['trash', 'list', library, query] as const,
};

/**
 * A restore puts documents and folders back into their library, whose lists and folders then
 * reload: the libraries feature's `libraryKeys.all(library)`, or the forms feature's `formKeys.all`
 * (features do not import each other).
 */
export const libraryQueryKey = (library: TrashLibrary) =>
  library === 'forms' ? (['forms'] as const) : (['libraries', library] as const);

/** The trash refreshes as often as the libraries' lists (every 30 seconds). */
export const TRASH_REFETCH_INTERVAL_MS = 30_000;
