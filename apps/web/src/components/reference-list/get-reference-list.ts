import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TPagination } from '@srpf/shared';
import { api } from '../../lib/api-client';
import type { ReferenceListQuery } from './reference-form';
import type { ReferenceKind, ReferenceRow } from './reference-kind';

interface ReferenceListResponse {
  data: ReferenceRow[];
  pagination: TPagination;
}

/** GET /companies or /designations, refetched every 30 s (document 2, section 9). */
export function getReferenceList(kind: ReferenceKind, query: ReferenceListQuery): Promise<ReferenceListResponse> {
  return api<ReferenceListResponse>(kind.endpoint, { query });
}

export function referenceListQueryOptions(kind: ReferenceKind, query: ReferenceListQuery) {
  return queryOptions({
    queryKey: [kind.queryKey, 'list', query] as const,
    queryFn: () => getReferenceList(kind, query),
    refetchInterval: 30_000,
    placeholderData: keepPreviousData,
  });
}

export function useReferenceList(kind: ReferenceKind, query: ReferenceListQuery) {
  return useQuery(referenceListQueryOptions(kind, query));
}

/** The count beside the heading ('All Companies', 'Total Designations'): page 1, limit 1, fresh for 60 s. */
export function referenceTotalQueryOptions(kind: ReferenceKind) {
  return queryOptions({
    queryKey: [kind.queryKey, 'total'] as const,
    queryFn: async () => (await getReferenceList(kind, { page: 1, limit: 1 })).pagination.total,
    staleTime: 60_000,
  });
}

export function useReferenceTotal(kind: ReferenceKind) {
  return useQuery(referenceTotalQueryOptions(kind));
}
