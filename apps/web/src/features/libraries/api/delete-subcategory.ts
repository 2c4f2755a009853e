import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Library } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import { libraryKeys, TRASH_QUERY_KEY } from './query-keys';

/** DELETE /{library}/subcategories/{id}: to the trash, with its documents. */
export function deleteSubcategory(library: Library, id: number): Promise<{ success: true; message: string }> {
  return api(`/${library}/subcategories/${id}`, { method: 'DELETE' });
}

export function useDeleteSubcategory(library: Library) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteSubcategory(library, id),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: libraryKeys.all(library) }),
        queryClient.invalidateQueries({ queryKey: TRASH_QUERY_KEY }),
      ]),
  });
}
