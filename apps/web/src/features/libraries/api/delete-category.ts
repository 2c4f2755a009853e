import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Library } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import { libraryKeys } from './query-keys';

/** DELETE /{library}/categories/{id}: with its subcategories, their documents and files. */
export function deleteCategory(library: Library, id: number): Promise<{ success: true; message: string }> {
  return api(`/${library}/categories/${id}`, { method: 'DELETE' });
}

export function useDeleteCategory(library: Library) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteCategory(library, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all(library) }),
  });
}
