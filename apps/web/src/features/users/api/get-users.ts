import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TUserListResponse } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import type { UserListQuery } from '../lib/user-filters';

/** Users and companies poll every 30 s (document 2, section 9). */
export const USERS_REFETCH_MS = 30_000;

export function getUsers(query: UserListQuery): Promise<TUserListResponse> {
  return api<TUserListResponse>('/users', { query });
}

export function usersQueryOptions(query: UserListQuery) {
  return queryOptions({
    queryKey: ['users', 'list', query] as const,
    queryFn: () => getUsers(query),
    refetchInterval: USERS_REFETCH_MS,
    // A new page or filter keeps the last rows on screen (dimmed) instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useUsers(query: UserListQuery, enabled = true) {
  return useQuery({ ...usersQueryOptions(query), enabled });
}
