import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAppointmentDetail, TAppointmentResponse } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import { appointmentKeys } from './query-keys';

export interface SaveAppointmentInput {
  kind: 'leave' | 'orderly';
  id?: number;
  payload: Record<string, unknown>;
}

/** POST /appointments or /appointments/leave (create); PUT /appointments/{id} or /appointments/leave/{id} (update). */
export async function saveAppointment({ kind, id, payload }: SaveAppointmentInput): Promise<TAppointmentDetail> {
  const base = kind === 'leave' ? '/appointments/leave' : '/appointments';
  const path = id === undefined ? base : `${base}/${id}`;
  return (await api<TAppointmentResponse>(path, { method: id === undefined ? 'POST' : 'PUT', body: payload })).data
    .appointment;
}

export function useSaveAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAppointment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appointmentKeys.all }),
  });
}
