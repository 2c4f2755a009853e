import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCompanyListResponse } from '@srpf/shared';
import { api } from '../../../lib/api-client';

/** The company select: one call with limit 1000, cached 5 minutes (document 2, section 9). */
export const companyOptionsQueryOptions = queryOptions({
  queryKey: ['companies', 'lookup'] as const,
  queryFn: async () => (await api<TCompanyListResponse>('/companies', { query: { page: 1, limit: 1000 } })).data,
  staleTime: 5 * 60_000,
});

export function useCompanyOptions() {
  return useQuery(companyOptionsQueryOptions);
}
