import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUserLookup, TUserSearchResponse } from '@srpf/shared';
import { api } from '../../../lib/api-client';

/** The search needs two characters (the server refuses fewer). */
export const USER_SEARCH_MIN_LENGTH = 2;

/** GET /appointments/users/search?q= (any signed-in user): people to assign an order to. */
export async function searchUsers(q: string): Promise<TUserLookup[]> {
  return (await api<TUserSearchResponse>('/appointments/users/search', { query: { q } })).data.users;
}

export function userSearchQueryOptions(q: string) {
  const words = q.trim();
  return queryOptions({
    queryKey: ['users', 'lookup-search', words] as const,
    queryFn: () => searchUsers(words),
    enabled: words.length >= USER_SEARCH_MIN_LENGTH,
    staleTime: 60_000,
  });
}

export function useUserSearch(q: string) {
  return useQuery(userSearchQueryOptions(q));
}
