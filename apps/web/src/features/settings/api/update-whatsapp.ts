import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUser, TWhatsappConsent, TWhatsappConsentRequest, TWhatsappConsentResponse } from '@srpf/shared';
import { api } from '../../../lib/api-client';

/** PUT /users/profile/whatsapp: the signed-in person opts in or out, with the language (recorded with the moment and audited). */
export async function updateWhatsappConsent(body: TWhatsappConsentRequest): Promise<TWhatsappConsent> {
  return (await api<TWhatsappConsentResponse>('/users/profile/whatsapp', { method: 'PUT', body })).data.whatsapp;
}

/** The choice; one's own record (Settings) takes the answer at once, and the lists that show it reload. */
export function useUpdateWhatsappConsent(userId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWhatsappConsent,
    onSuccess: (whatsapp) => {
      if (userId !== undefined)
        queryClient.setQueryData<TUser>(['settings', 'me', userId], (user) => (user ? { ...user, ...whatsapp } : user));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['users'] }),
        queryClient.invalidateQueries({ queryKey: ['payslips'] }),
      ]);
    },
  });
}
