import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TApiDocument } from '@srpf/shared';
import { api } from '../../../lib/api-client';

/** GET /admin/openapi.json: the server's API document (administrators); it changes only with a new release. */
export const apiDocumentQueryOptions = queryOptions({
  queryKey: ['admin', 'openapi'] as const,
  queryFn: () => api<TApiDocument>('/admin/openapi.json'),
  staleTime: Infinity,
  refetchOnWindowFocus: false,
});

export function useApiDocument() {
  return useQuery(apiDocumentQueryOptions);
}
