import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TWhatsappQueueState, ZWhatsappQueueResponse } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import { payslipKeys } from './query-keys';

/** POST /whatsapp/queue/resume (administrators, once the account, token or template is fixed): the queue's new state; 409 when not paused. */
export async function resumeWhatsappQueue(): Promise<TWhatsappQueueState> {
  return (await api<z.infer<typeof ZWhatsappQueueResponse>>('/whatsapp/queue/resume', { method: 'POST' })).data;
}

export function useResumeWhatsappQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeWhatsappQueue,
    onSuccess: (state) => queryClient.setQueryData(payslipKeys.whatsappQueue, state),
    // A 409 (resumed meanwhile by someone else) reloads too, so the notice goes.
    onSettled: () => queryClient.invalidateQueries({ queryKey: payslipKeys.all }),
  });
}
