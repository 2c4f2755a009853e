import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Library } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import { libraryKeys } from './query-keys';

/** DELETE /{library}/{id}: the document and its file. */
export function deleteDocument(library: Library, id: number): Promise<{ success: true; message: string }> {
  return api(`/${library}/${id}`, { method: 'DELETE' });
}

export function useDeleteDocument(library: Library) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteDocument(library, id),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: libraryKeys.detail(library, id) });
      return queryClient.invalidateQueries({ queryKey: libraryKeys.all(library) });
    },
  });
}
