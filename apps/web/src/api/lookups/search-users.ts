import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUserLookup, TUserSearchResponse } from '@srpf/shared';
import { USER_SEARCH_MIN_LENGTH } from '@srpf/shared/users/users.lookup.schemas';
import { api } from '../../lib/api-client';

/**
 * GET /appointments/users/search?q= (any signed-in user; at most 8 people), narrowed to a company
 * when one is given: the appointment forms' person and the orders' assignee.
 */
export async function searchUsers(q: string, companyId?: string): Promise<TUserLookup[]> {
  return (
    await api<TUserSearchResponse>('/appointments/users/search', { query: { q, company_id: companyId || undefined } })
  ).data.users;
}

/** Asked only from USER_SEARCH_MIN_LENGTH characters (the server refuses fewer); a user save refreshes it. */
export function userSearchQueryOptions(q: string, companyId?: string) {
  const words = q.trim();
  return queryOptions({
    queryKey: ['users', 'search', words, companyId ?? ''] as const,
    queryFn: () => searchUsers(words, companyId),
    enabled: words.length >= USER_SEARCH_MIN_LENGTH,
    staleTime: 60_000,
  });
}

export function useUserSearch(q: string, companyId?: string) {
  return useQuery(userSearchQueryOptions(q, companyId));
}
