import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUserResponse } from '@srpf/shared';
import { api } from '../../../lib/api-client';

/** GET /users/{id} for one's own profile; when it fails the stored copy stands in (document 2, section 7). */
export function myUserQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['settings', 'me', id] as const,
    queryFn: async () => (await api<TUserResponse>(`/users/${id}`)).data.user,
  });
}

export function useMyUser(id: number | undefined) {
  return useQuery({ ...myUserQueryOptions(id ?? 0), enabled: id !== undefined });
}
