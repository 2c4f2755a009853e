import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TFindByPhoneResponse, TUserLookup, TUserSearchResponse } from '@srpf/shared';
import { api } from '../../../lib/api-client';

/** Server search from 2 characters (document 2, section 5). */
export const USER_SEARCH_MIN_LENGTH = 2;

/** GET /appointments/users/search?q= (at most 8 people). */
export async function searchUsers(q: string, companyId?: string): Promise<TUserLookup[]> {
  return (await api<TUserSearchResponse>('/appointments/users/search', { query: { q, company_id: companyId || undefined } })).data.users;
}

export function useUserSearch(q: string, companyId?: string) {
  const words = q.trim();
  return useQuery(
    queryOptions({
      queryKey: ['appointments', 'user-search', words, companyId ?? ''] as const,
      queryFn: () => searchUsers(words, companyId),
      enabled: words.length >= USER_SEARCH_MIN_LENGTH,
      staleTime: 60_000,
    }),
  );
}

/** GET /appointments/users/find-by-phone?phone_number=: the person with that number, or null. */
export async function findUserByPhone(phone: string): Promise<TUserLookup | null> {
  return (await api<TFindByPhoneResponse>('/appointments/users/find-by-phone', { query: { phone_number: phone } })).user;
}
