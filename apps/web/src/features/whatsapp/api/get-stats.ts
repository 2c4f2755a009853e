import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TMessagingStats, ZMessagingStatsResponse } from '@srpf/shared/whatsapp/messaging.schemas';
import { api } from '../../../lib/api-client';
import { STATS_DAYS, STATS_REFETCH_MS, whatsappKeys } from './query-keys';

/** GET /whatsapp/stats?days=30: the figures of the window, scoped to the reader's companies. */
export async function getMessagingStats(days = STATS_DAYS): Promise<TMessagingStats> {
  return (await api<z.infer<typeof ZMessagingStatsResponse>>('/whatsapp/stats', { query: { days } })).data.stats;
}

export function useMessagingStats(enabled: boolean) {
  return useQuery({
    queryKey: whatsappKeys.stats(STATS_DAYS),
    queryFn: () => getMessagingStats(),
    refetchInterval: STATS_REFETCH_MS,
    enabled,
  });
}
