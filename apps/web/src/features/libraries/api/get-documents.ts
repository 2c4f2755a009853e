import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Library, TDocumentListResponse } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import type { DocumentListQuery } from '../lib/list-query';
import { LIBRARY_REFETCH_INTERVAL_MS, libraryKeys } from './query-keys';

/** GET /{library} with search, category_id or subcategory_id, page and limit (answer data + pagination). */
export function getDocuments(library: Library, query: DocumentListQuery): Promise<TDocumentListResponse> {
  return api<TDocumentListResponse>(`/${library}`, { query: { ...query } });
}

export function documentsQueryOptions(library: Library, query: DocumentListQuery) {
  return queryOptions({
    queryKey: libraryKeys.list(library, query),
    queryFn: () => getDocuments(library, query),
    refetchInterval: LIBRARY_REFETCH_INTERVAL_MS,
    // A new page or filter keeps the last rows on screen (dimmed) instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useDocuments(library: Library, query: DocumentListQuery, enabled = true) {
  return useQuery({ ...documentsQueryOptions(library, query), enabled });
}
