import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TUser,
  TVerificationConfirmResponse,
  TVerificationSendResponse,
  TVerificationSent,
  TWhatsappConsent,
} from '@srpf/shared';
import { api } from '../../../lib/api-client';

/** POST /users/profile/whatsapp/verification: a six-digit code to one's own number over WhatsApp (issue 31). */
export async function sendVerificationCode(): Promise<TVerificationSent> {
  return (await api<TVerificationSendResponse>('/users/profile/whatsapp/verification', { method: 'POST', body: {} }))
    .data.verification;
}

/** POST /users/profile/whatsapp/verification/confirm: the code received; the number is then verified. */
export async function confirmVerificationCode(code: string): Promise<TWhatsappConsent> {
  return (
    await api<TVerificationConfirmResponse>('/users/profile/whatsapp/verification/confirm', {
      method: 'POST',
      body: { code },
    })
  ).data.whatsapp;
}

export function useSendVerificationCode() {
  return useMutation({ mutationFn: sendVerificationCode });
}

/** The confirmation; one's own record (Settings) takes the verified number at once. */
export function useConfirmVerificationCode(userId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmVerificationCode,
    onSuccess: (whatsapp) => {
      if (userId !== undefined)
        queryClient.setQueryData<TUser>(['settings', 'me', userId], (user) => (user ? { ...user, ...whatsapp } : user));
    },
  });
}
