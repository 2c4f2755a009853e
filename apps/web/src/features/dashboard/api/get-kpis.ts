import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TKpiResponse } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import { withDefaults, type TKpiData } from '../lib/dashboard-data';
import { rangeToQuery, type DashboardRange, type KpiRangeQuery } from '../lib/dashboard-range';

/** The dashboard refreshes every 30 seconds (document 1, section 9). */
export const KPI_REFETCH_INTERVAL_MS = 30_000;

/** Every period's figures: what a change to an appointment makes stale. */
export const KPI_QUERY_KEY = ['kpis'] as const;

export async function getKpis(query: KpiRangeQuery): Promise<TKpiData> {
  const body = await api<TKpiResponse>('/kpis/daily', { query });
  return withDefaults(body.data);
}

export function kpisQueryOptions(query: KpiRangeQuery) {
  return queryOptions({
    queryKey: [...KPI_QUERY_KEY, 'daily', query] as const,
    queryFn: () => getKpis(query),
    refetchInterval: KPI_REFETCH_INTERVAL_MS,
    // Switching range keeps the last figures on screen (dimmed) instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useKpis(range: DashboardRange) {
  return useQuery(kpisQueryOptions(rangeToQuery(range)));
}
