import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSessionSettingsRequest, TUser, TUserResponse } from '@srpf/shared';
import { api } from '../../../lib/api-client';

/** PUT /users/profile/settings: the idle timeout of this user's sessions. */
export async function updateSessionSettings(body: TSessionSettingsRequest): Promise<TUser> {
  return (await api<TUserResponse>('/users/profile/settings', { method: 'PUT', body })).data.user;
}

export function useUpdateSessionSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSessionSettings,
    onSuccess: (user) => queryClient.setQueryData(['settings', 'me', user.id], user),
  });
}
