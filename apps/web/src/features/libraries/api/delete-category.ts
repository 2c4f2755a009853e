import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Library } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import { libraryKeys, TRASH_QUERY_KEY } from './query-keys';

/** DELETE /{library}/categories/{id}: to the trash, with its subcategories and their documents. */
export function deleteCategory(library: Library, id: number): Promise<{ success: true; message: string }> {
  return api(`/${library}/categories/${id}`, { method: 'DELETE' });
}

export function useDeleteCategory(library: Library) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteCategory(library, id),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: libraryKeys.all(library) }),
        queryClient.invalidateQueries({ queryKey: TRASH_QUERY_KEY }),
      ]),
  });
}
