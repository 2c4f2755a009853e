import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Library } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import { libraryKeys } from './query-keys';

/** DELETE /{library}/subcategories/{id}: with its documents and files. */
export function deleteSubcategory(library: Library, id: number): Promise<{ success: true; message: string }> {
  return api(`/${library}/subcategories/${id}`, { method: 'DELETE' });
}

export function useDeleteSubcategory(library: Library) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteSubcategory(library, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all(library) }),
  });
}
