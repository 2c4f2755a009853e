import type { Library } from '@srpf/shared';
import type { DocumentListQuery } from '../lib/list-query';

/**
 * Every query of a library starts with ['libraries', library], so one invalidation after a change
 * reloads its lists, folders (their counts change too) and details (section 4).
 */
export const libraryKeys = {
  all: (library: Library) => ['libraries', library] as const,
  categories: (library: Library) => ['libraries', library, 'categories'] as const,
  subcategories: (library: Library, categoryId: number | null) =>
    ['libraries', library, 'categories', categoryId, 'subcategories'] as const,
  list: (library: Library, query: DocumentListQuery) => ['libraries', library, 'documents', 'list', query] as const,
  detail: (library: Library, id: number) => ['libraries', library, 'documents', 'detail', id] as const,
  /** The PDF a detail page shows, per version (a new version keeps the same address). */
  pdf: (library: Library, id: number, version: number) =>
    ['libraries', library, 'documents', 'pdf', id, version] as const,
};

/** Lists and folders reload every 30 seconds (section 9). */
export const LIBRARY_REFETCH_INTERVAL_MS = 30_000;

/**
 * A delete moves a document or folder into the trash, whose lists all start with ['trash', 'list']
 * (the trash feature's `trashKeys.lists`; features do not import each other).
 */
export const TRASH_QUERY_KEY = ['trash', 'list'] as const;
