import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TWhatsappQueueState, ZWhatsappQueueResponse } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import { payslipKeys, WHATSAPP_QUEUE_REFETCH_INTERVAL_MS } from './query-keys';

/** GET /whatsapp/queue: where messages go (cloud or the outbox), a pause, what waits, what needs a check. */
export async function getWhatsappQueue(): Promise<TWhatsappQueueState> {
  return (await api<z.infer<typeof ZWhatsappQueueResponse>>('/whatsapp/queue')).data;
}

export function whatsappQueueQueryOptions() {
  return queryOptions({
    queryKey: payslipKeys.whatsappQueue,
    queryFn: getWhatsappQueue,
    refetchInterval: WHATSAPP_QUEUE_REFETCH_INTERVAL_MS,
    // The notices are extra: a refusal or an error shows none, and the next poll tries again.
    retry: false,
  });
}

/** Read only for people who manage payslips (`mayReadWhatsappQueue`); others never ask. */
export function useWhatsappQueue(enabled: boolean) {
  return useQuery({ ...whatsappQueueQueryOptions(), enabled });
}
