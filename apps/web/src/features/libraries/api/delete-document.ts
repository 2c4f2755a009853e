import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Library } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import { libraryKeys, TRASH_QUERY_KEY } from './query-keys';

/** DELETE /{library}/{id}: the document goes to the trash, where an administrator can restore it. */
export function deleteDocument(library: Library, id: number): Promise<{ success: true; message: string }> {
  return api(`/${library}/${id}`, { method: 'DELETE' });
}

export function useDeleteDocument(library: Library) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteDocument(library, id),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: libraryKeys.detail(library, id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: libraryKeys.all(library) }),
        queryClient.invalidateQueries({ queryKey: TRASH_QUERY_KEY }),
      ]);
    },
  });
}
