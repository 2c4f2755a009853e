import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDocumentListResponse } from '@srpf/shared';
import { LIBRARY_PAGE_MAX } from '@srpf/shared/libraries/libraries.rules';
import { api } from '../../../lib/api-client';
import { circularsToAcknowledge } from '../lib/circulars-to-acknowledge';

/**
 * GET /circulars?to_acknowledge=true: the mandatory circulars the person has not acknowledged, newest
 * first, however old (the server filters). Read afresh each visit, since an acknowledgment made on the
 * circular's page must take it off the list.
 */
export function circularsToAcknowledgeQueryOptions() {
  const query = { page: 1, limit: LIBRARY_PAGE_MAX, to_acknowledge: true };
  return queryOptions({
    queryKey: ['dashboard', 'circulars-to-acknowledge', query] as const,
    queryFn: async () => circularsToAcknowledge((await api<TDocumentListResponse>('/circulars', { query })).data),
    staleTime: 0,
  });
}

export function useCircularsToAcknowledge() {
  return useQuery(circularsToAcknowledgeQueryOptions());
}
