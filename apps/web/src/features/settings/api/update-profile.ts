import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUser, TUserResponse } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import { getStoredUser, storeUser } from '../../../lib/session';
import type { ProfileValues } from '../lib/profile-form';

/** PUT /users/profile/me with {first_name, middle_name, last_name, phone}; never the email. */
export async function updateProfile(values: ProfileValues): Promise<TUser> {
  return (await api<TUserResponse>('/users/profile/me', { method: 'PUT', body: values })).data.user;
}

/**
 * Saves the profile. The stored session user takes the new name and phone, and the header's copy is
 * refetched, so the header shows the new first name at once.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      const stored = getStoredUser();
      if (stored)
        storeUser({
          ...stored,
          first_name: user.first_name,
          full_name: user.full_name,
          phone_number: user.phone_number,
        });
      queryClient.setQueryData(['settings', 'me', user.id], user);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['shell', 'current-user'] }),
        queryClient.invalidateQueries({ queryKey: ['users'] }),
      ]);
    },
  });
}
