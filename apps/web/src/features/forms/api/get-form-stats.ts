import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TFormStatsResponse } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import { formKeys } from './query-keys';

export type FormStats = TFormStatsResponse['data']['stats'];

/** GET /forms/{id}/stats (admin roles; 403 otherwise): data.stats.totalDownloads and the rest. */
export async function getFormStats(id: number): Promise<FormStats> {
  return (await api<TFormStatsResponse>(`/forms/${id}/stats`)).data.stats;
}

export function formStatsQueryOptions(id: number) {
  return queryOptions({ queryKey: formKeys.stats(id), queryFn: () => getFormStats(id), staleTime: 0 });
}

/** Asked only when `enabled` (an administrator who opened Stats). */
export function useFormStats(id: number, enabled: boolean) {
  return useQuery({ ...formStatsQueryOptions(id), enabled });
}
