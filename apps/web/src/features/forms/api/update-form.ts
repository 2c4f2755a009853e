import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TForm, TFormResponse, TFormUpdateRequest } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import { formKeys } from './query-keys';

/** PUT /forms/{id}: metadata only (the file cannot change); the fields sent change. */
export async function updateForm(id: number, body: TFormUpdateRequest): Promise<TForm> {
  return (await api<TFormResponse>(`/forms/${id}`, { method: 'PUT', body })).data.form;
}

export function useUpdateForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TFormUpdateRequest }) => updateForm(id, body),
    onSuccess: (form) => {
      queryClient.setQueryData(formKeys.detail(form.id), form);
      return queryClient.invalidateQueries({ queryKey: formKeys.all });
    },
  });
}
