import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Library, TLibraryDocumentDetail, TLibraryDocumentResponse } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import { LIBRARY_CONFIG } from '../lib/library-config';
import { isMissing } from '../lib/error-message';
import { libraryKeys } from './query-keys';

/** The record of a one-document answer: data.order, data.circular or data.decision. */
export function recordOf(library: Library, body: TLibraryDocumentResponse): TLibraryDocumentDetail {
  const record = body.data[LIBRARY_CONFIG[library].recordKey];
  if (!record) throw new Error(`The answer has no data.${LIBRARY_CONFIG[library].recordKey}`);
  return record;
}

/** GET /{library}/{id}: the detail, with acknowledgments and the timeline. */
export async function getDocument(library: Library, id: number): Promise<TLibraryDocumentDetail> {
  return recordOf(library, await api<TLibraryDocumentResponse>(`/${library}/${id}`));
}

export function documentQueryOptions(library: Library, id: number) {
  return queryOptions({
    queryKey: libraryKeys.detail(library, id),
    queryFn: () => getDocument(library, id),
    // A missing document stays missing; asking again only delays 'Order not found.'.
    retry: (failures, error) => !isMissing(error) && failures < 1,
    staleTime: 30_000,
  });
}

export function useDocument(library: Library, id: number | null) {
  return useQuery({ ...documentQueryOptions(library, id ?? 0), enabled: id !== null });
}
