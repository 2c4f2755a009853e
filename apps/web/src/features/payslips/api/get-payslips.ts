import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TPayslipListResponse } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import { hasDeliveryInFlight } from '../lib/delivery';
import { hasPdfBeingMade, type PayslipListQuery } from '../lib/list-filters';
import {
  PAYSLIPS_DELIVERY_REFETCH_MS,
  PAYSLIPS_REFETCH_INTERVAL_MS,
  PAYSLIPS_WAITING_REFETCH_MS,
  payslipKeys,
} from './query-keys';

/** GET /salary-slip/salaryslips/all with status, month_year, search, page and limit (rows under data.payslips). */
export function getPayslips(query: PayslipListQuery): Promise<TPayslipListResponse> {
  return api<TPayslipListResponse>('/salary-slip/salaryslips/all', { query: { ...query } });
}

export function payslipsQueryOptions(query: PayslipListQuery) {
  return queryOptions({
    queryKey: payslipKeys.list(query),
    queryFn: () => getPayslips(query),
    // Each PDF is made in the background: while one on the page is being made, the list is read every 5 s;
    // while one is on its way over WhatsApp (queued or sent), every 10 s, so its status moves by itself.
    refetchInterval: (current) => {
      const rows = current.state.data?.data.payslips;
      if (hasPdfBeingMade(rows)) return PAYSLIPS_WAITING_REFETCH_MS;
      return hasDeliveryInFlight(rows) ? PAYSLIPS_DELIVERY_REFETCH_MS : PAYSLIPS_REFETCH_INTERVAL_MS;
    },
    // A new page or filter keeps the last rows on screen (dimmed) instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

export function usePayslips(query: PayslipListQuery) {
  return useQuery(payslipsQueryOptions(query));
}
