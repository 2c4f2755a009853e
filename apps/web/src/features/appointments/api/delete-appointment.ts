import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { appointmentKeys } from './query-keys';

/** DELETE /appointments/{id} (administrators only). */
export async function deleteAppointment(id: number): Promise<void> {
  await api<{ success: true; message: string }>(`/appointments/${id}`, { method: 'DELETE' });
}

export function useDeleteAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAppointment,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: appointmentKeys.detail(id) });
      // The lists, the waiting list and its count in the navigation all held it.
      return queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
    },
  });
}
