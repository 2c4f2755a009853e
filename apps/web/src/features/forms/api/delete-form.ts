import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { formKeys, TRASH_QUERY_KEY } from './query-keys';

/** DELETE /forms/{id}: the form goes to the trash, where an administrator can restore it. */
export function deleteForm(id: number): Promise<{ success: true; message: string }> {
  return api(`/forms/${id}`, { method: 'DELETE' });
}

export function useDeleteForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteForm(id),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: formKeys.detail(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: formKeys.all }),
        queryClient.invalidateQueries({ queryKey: TRASH_QUERY_KEY }),
      ]);
    },
  });
}
