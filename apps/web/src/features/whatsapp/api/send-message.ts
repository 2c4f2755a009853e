import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { whatsappKeys } from './query-keys';

/** What POST /whatsapp/send answers (201): the queued delivery; `outbox` when nothing is delivered to anyone. */
export interface SentMessage {
  data: { delivery: { id: number; state: string; to_number: string } };
  outbox?: boolean;
}

/** POST /whatsapp/send {user_id, body}: a text to a person inside their 24-hour window (409 outside it). */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: { user_id: number; body: string }) =>
      api<SentMessage>('/whatsapp/send', { method: 'POST', body: message }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: whatsappKeys.all }),
  });
}
