import { queryOptions } from '@tanstack/react-query';
import type { TSessionUser } from '@srpf/shared';
import { api } from '../../lib/api-client';
import { storeUser } from '../../lib/session';

interface GetUserResponse {
  success: true;
  data: { user: TSessionUser };
}

/** GET /api/users/{id} for the header; the fresh copy also replaces the stored user. */
export function currentUserQuery(id: number) {
  return queryOptions({
    queryKey: ['shell', 'current-user', id],
    queryFn: async () => {
      const { data } = await api<GetUserResponse>(`/users/${id}`);
      storeUser(data.user);
      return data.user;
    },
  });
}
