import type { FormFolderLevel, TFormFolderListQuery, TFormListQuery } from '@srpf/shared';

/** The list filters the web sends (GET /forms and /forms/hierarchical); blanks are left out by the client. */
export type FormListQuery = Partial<TFormListQuery>;

/**
 * Every forms query starts with ['forms'], so one invalidation after a change reloads the lists, the
 * folder counts (formCount counts everything below a folder) and the details.
 */
export const formKeys = {
  all: ['forms'] as const,
  tree: (language: string) => ['forms', 'tree', language] as const,
  folders: (level: FormFolderLevel, query: TFormFolderListQuery = {}) => ['forms', 'folders', level, query] as const,
  list: (query: FormListQuery) => ['forms', 'list', query] as const,
  hierarchical: (query: FormListQuery) => ['forms', 'hierarchical', query] as const,
  detail: (id: number) => ['forms', 'detail', id] as const,
  stats: (id: number) => ['forms', 'detail', id, 'stats'] as const,
};

/** Lists refetch every 30 seconds; the folder tree stays fresh for 5 minutes (section 9). */
export const FORMS_REFETCH_INTERVAL_MS = 30_000;
export const FORM_TREE_STALE_MS = 5 * 60_000;

/**
 * A delete moves a form or folder into the trash, whose lists all start with ['trash', 'list']
 * (the trash feature's key; features do not import each other).
 */
export const TRASH_QUERY_KEY = ['trash', 'list'] as const;
