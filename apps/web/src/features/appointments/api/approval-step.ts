import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApprovalDecision, TAppointmentDetail, TAppointmentResponse } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import { appointmentKeys } from './query-keys';

/** POST /appointments/{id}/approve or /reject with an optional remark. */
export async function takeApprovalStep({
  id,
  decision,
  remark,
}: {
  id: number;
  decision: ApprovalDecision;
  remark?: string;
}): Promise<TAppointmentDetail> {
  const body = remark ? { remark } : {};
  return (await api<TAppointmentResponse>(`/appointments/${id}/${decision}`, { method: 'POST', body })).data
    .appointment;
}

export function useApprovalStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeApprovalStep,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appointmentKeys.all }),
  });
}
