import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TAppointmentListResponse } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import type { AppointmentListQuery } from '../lib/list-filters';
import { appointmentKeys } from './query-keys';

/** The list refreshes every 30 s (document 2, section 9). */
export const APPOINTMENTS_REFETCH_MS = 30_000;

export function getAppointments(query: AppointmentListQuery): Promise<TAppointmentListResponse> {
  return api<TAppointmentListResponse>('/appointments', { query });
}

export function appointmentsQueryOptions(query: AppointmentListQuery) {
  return queryOptions({
    queryKey: appointmentKeys.list(query),
    queryFn: () => getAppointments(query),
    refetchInterval: APPOINTMENTS_REFETCH_MS,
    placeholderData: keepPreviousData,
  });
}

export function useAppointments(query: AppointmentListQuery) {
  return useQuery(appointmentsQueryOptions(query));
}
