import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUserResponse } from '@srpf/shared';
import { api } from '../../lib/api-client';
import { getStoredUser, storeUser } from '../../lib/session';

/**
 * GET /api/users/{id}: the signed-in person's full record. The sign-in answer carries only the
 * session user; this copy replaces it in storage, so `useCurrentUser()` knows the company, the
 * granted permissions, the overseen companies and the approval role. Fetched again when the window
 * regains focus after a minute, so grants an administrator changed show without signing in again.
 */
export function currentUserQuery(id: number) {
  return queryOptions({
    queryKey: ['shell', 'current-user', id],
    queryFn: async () => {
      const { data } = await api<TUserResponse>(`/users/${id}`);
      // A sign-out or another person's sign-in while the answer travelled must not be overwritten.
      if (getStoredUser()?.id === data.user.id) storeUser(data.user);
      return data.user;
    },
    staleTime: 60_000,
    refetchOnWindowFocus: true,
  });
}

/** The signed-in layout keeps the stored user a full record (the header's summary reads the same query). */
export function useCurrentUserRecord(id: number | undefined) {
  return useQuery({ ...currentUserQuery(id ?? 0), enabled: id !== undefined });
}
