import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Library, TLibrarySubcategory, TSubcategoryListResponse } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import { LIBRARY_REFETCH_INTERVAL_MS, libraryKeys } from './query-keys';

/** GET /{library}/categories/{id}/subcategories (answer data.subcategories). */
export async function getSubcategories(library: Library, categoryId: number): Promise<TLibrarySubcategory[]> {
  return (await api<TSubcategoryListResponse>(`/${library}/categories/${categoryId}/subcategories`)).data.subcategories;
}

export function subcategoriesQueryOptions(library: Library, categoryId: number | null) {
  return queryOptions({
    queryKey: libraryKeys.subcategories(library, categoryId),
    queryFn: () => getSubcategories(library, categoryId as number),
    enabled: categoryId !== null,
    refetchInterval: LIBRARY_REFETCH_INTERVAL_MS,
  });
}

/** The subcategories of a category; idle while none is chosen. */
export function useSubcategories(library: Library, categoryId: number | null) {
  return useQuery(subcategoriesQueryOptions(library, categoryId));
}
