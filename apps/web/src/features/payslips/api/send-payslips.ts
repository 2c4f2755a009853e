import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TBulkSendRequest, TWhatsappSendResult, ZWhatsappSendResponse } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import { payslipKeys } from './query-keys';

type SendResponse = z.infer<typeof ZWhatsappSendResponse>;

/**
 * Queues slips for WhatsApp: one slip is POST /payslips/{id}/send (also the Resend of a slip that
 * needs a check), more are POST /payslips/bulk-send `{ payslip_ids }`. The answer lists the queued and
 * the skipped with their reason; a slip the person may not see makes the whole request 404.
 */
export async function sendPayslips(ids: readonly number[]): Promise<TWhatsappSendResult> {
  if (ids.length === 1) return (await api<SendResponse>(`/payslips/${ids[0]}/send`, { method: 'POST' })).data;
  const body: TBulkSendRequest = { payslip_ids: [...ids] };
  return (await api<SendResponse>('/payslips/bulk-send', { method: 'POST', body })).data;
}

/** The send; the list, the counts and the queue's state reload after it, whatever its outcome. */
export function useSendPayslips() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[]) => sendPayslips(ids),
    onSettled: () => queryClient.invalidateQueries({ queryKey: payslipKeys.all }),
  });
}
