import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUser, TUserResponse } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import type { UserPayload } from '../lib/user-form';

/** POST /users (create) or PUT /users/{id} (update). */
export async function saveUser(input: { id?: number; payload: UserPayload }): Promise<TUser> {
  const path = input.id === undefined ? '/users' : `/users/${input.id}`;
  const body = await api<TUserResponse>(path, { method: input.id === undefined ? 'POST' : 'PUT', body: input.payload });
  return body.data.user;
}

/** Saves a user; the lists, counts and the shell's copy of the signed-in user are refreshed. */
export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['users'] }),
        queryClient.invalidateQueries({ queryKey: ['shell', 'current-user'] }),
      ]),
  });
}
