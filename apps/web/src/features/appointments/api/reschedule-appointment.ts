import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRescheduleAppointmentRequest, TRescheduleAppointmentResponse } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import { appointmentKeys } from './query-keys';

/** POST /appointments/{id}/reschedule with a date and time, or `auto_reschedule: true`. */
export async function rescheduleAppointment({
  id,
  body,
}: {
  id: number;
  body: TRescheduleAppointmentRequest;
}): Promise<TRescheduleAppointmentResponse['data']> {
  return (await api<TRescheduleAppointmentResponse>(`/appointments/${id}/reschedule`, { method: 'POST', body })).data;
}

export function useRescheduleAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rescheduleAppointment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appointmentKeys.all }),
  });
}
