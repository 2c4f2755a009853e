import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAppointmentDetail, TAppointmentResponse } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { appointmentKeys } from './query-keys';

export async function getAppointment(id: number): Promise<TAppointmentDetail> {
  return (await api<TAppointmentResponse>(`/appointments/${id}`)).data.appointment;
}

export function appointmentQueryOptions(id: number) {
  return queryOptions({
    queryKey: appointmentKeys.detail(id),
    queryFn: () => getAppointment(id),
    // A missing appointment stays missing: no retries for 404.
    retry: (count, error) =>
      !(error instanceof ApiError && (error.status === 404 || error.status === 400)) && count < 1,
  });
}

export function useAppointment(id: number | null) {
  return useQuery({ ...appointmentQueryOptions(id ?? 0), enabled: id !== null });
}
