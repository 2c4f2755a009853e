import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCompanyListResponse } from '@srpf/shared';
import { api } from '../../lib/api-client';

/**
 * The companies of every select (users, import, filters, appointments): one call with limit 1000,
 * cached 5 minutes (document 2, sections 7 and 9). A company save refreshes it (its key starts with
 * 'companies').
 */
export const companyOptionsQueryOptions = queryOptions({
  queryKey: ['companies', 'lookup'] as const,
  queryFn: async () => (await api<TCompanyListResponse>('/companies', { query: { page: 1, limit: 1000 } })).data,
  staleTime: 5 * 60_000,
});

export function useCompanyOptions(enabled = true) {
  return useQuery({ ...companyOptionsQueryOptions, enabled });
}
