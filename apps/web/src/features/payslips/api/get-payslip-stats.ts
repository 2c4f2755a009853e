import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPayslipStats, TPayslipStatsResponse } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import { PAYSLIP_STATS_REFETCH_INTERVAL_MS, payslipKeys } from './query-keys';

/** GET /payslips/stats (one month, or every month without one): the counts of the slips the person may see. */
export async function getPayslipStats(monthYear: string | null): Promise<TPayslipStats> {
  return (await api<TPayslipStatsResponse>('/payslips/stats', { query: { month_year: monthYear ?? undefined } })).data
    .stats;
}

export function payslipStatsQueryOptions(monthYear: string | null) {
  return queryOptions({
    queryKey: payslipKeys.stats(monthYear),
    queryFn: () => getPayslipStats(monthYear),
    refetchInterval: PAYSLIP_STATS_REFETCH_INTERVAL_MS,
  });
}

export function usePayslipStats(monthYear: string | null = null) {
  return useQuery(payslipStatsQueryOptions(monthYear));
}
