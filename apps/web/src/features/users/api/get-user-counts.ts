import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCompanyListResponse, TUserListResponse } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import { USERS_REFETCH_MS } from './get-users';

export type UserCountFilter = { role?: string; is_active?: boolean };

/** A count of users from a limit=1 call: the list's total (document 2, section 7). */
export function userCountQueryOptions(filter: UserCountFilter) {
  return queryOptions({
    queryKey: ['users', 'count', filter] as const,
    queryFn: async () =>
      (await api<TUserListResponse>('/users', { query: { page: 1, limit: 1, ...filter } })).pagination.total,
    refetchInterval: USERS_REFETCH_MS,
  });
}

export function useUserCount(filter: UserCountFilter, enabled = true) {
  return useQuery({ ...userCountQueryOptions(filter), enabled });
}

/** The number of companies: page 1, limit 1, fresh for 60 s. Shares its key with the companies screen. */
export const companiesTotalQueryOptions = queryOptions({
  queryKey: ['companies', 'total'] as const,
  queryFn: async () =>
    (await api<TCompanyListResponse>('/companies', { query: { page: 1, limit: 1 } })).pagination.total,
  staleTime: 60_000,
});

export function useCompaniesTotal(enabled = true) {
  return useQuery({ ...companiesTotalQueryOptions, enabled });
}
