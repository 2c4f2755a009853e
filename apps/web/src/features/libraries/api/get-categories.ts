import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Library, TCategoryListResponse, TLibraryCategory } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import { LIBRARY_REFETCH_INTERVAL_MS, libraryKeys } from './query-keys';

/** GET /{library}/categories (answer data.categories). */
export async function getCategories(library: Library): Promise<TLibraryCategory[]> {
  return (await api<TCategoryListResponse>(`/${library}/categories`)).data.categories;
}

export function categoriesQueryOptions(library: Library) {
  return queryOptions({
    queryKey: libraryKeys.categories(library),
    queryFn: () => getCategories(library),
    refetchInterval: LIBRARY_REFETCH_INTERVAL_MS,
  });
}

export function useCategories(library: Library) {
  return useQuery(categoriesQueryOptions(library));
}
