import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TFormTreeCategory, TFormTreeResponse } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import { FORM_TREE_STALE_MS, formKeys } from './query-keys';

/** The tree's languages: Marathi names for mr and hi (where a folder has one), English otherwise. */
export type FormTreeLanguage = 'en' | 'mr' | 'hi';

/** i18next's language ('mr', 'hi-IN', …) as the tree asks for it. */
export function treeLanguageOf(language: string | undefined): FormTreeLanguage {
  const base = (language ?? 'en').slice(0, 2);
  return base === 'mr' || base === 'hi' ? base : 'en';
}

/** GET /forms/categories/tree?language= : every live folder, active or not, nested, in sort order. */
export async function getFormTree(language: FormTreeLanguage): Promise<TFormTreeCategory[]> {
  return (await api<TFormTreeResponse>('/forms/categories/tree', { query: { language } })).data.categories;
}

export function formTreeQueryOptions(language: FormTreeLanguage) {
  return queryOptions({
    queryKey: formKeys.tree(language),
    queryFn: () => getFormTree(language),
    staleTime: FORM_TREE_STALE_MS,
  });
}

export function useFormTree(language: string = 'en') {
  return useQuery(formTreeQueryOptions(treeLanguageOf(language)));
}
