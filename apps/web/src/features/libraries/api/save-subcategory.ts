import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Library, TCreateSubcategoryRequest, TLibrarySubcategory, TSubcategoryResponse } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import { libraryKeys } from './query-keys';

/** POST /{library}/subcategories, or PUT /{library}/subcategories/{id}. */
export async function saveSubcategory(
  library: Library,
  input: { id?: number; body: TCreateSubcategoryRequest },
): Promise<TLibrarySubcategory> {
  const path = input.id === undefined ? `/${library}/subcategories` : `/${library}/subcategories/${input.id}`;
  return (await api<TSubcategoryResponse>(path, { method: input.id === undefined ? 'POST' : 'PUT', body: input.body }))
    .data.subcategory;
}

export function useSaveSubcategory(library: Library) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id?: number; body: TCreateSubcategoryRequest }) => saveSubcategory(library, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all(library) }),
  });
}
