import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Library, TCategoryResponse, TCreateCategoryRequest, TLibraryCategory } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import { libraryKeys } from './query-keys';

/** POST /{library}/categories, or PUT /{library}/categories/{id}. */
export async function saveCategory(
  library: Library,
  input: { id?: number; body: TCreateCategoryRequest },
): Promise<TLibraryCategory> {
  const path = input.id === undefined ? `/${library}/categories` : `/${library}/categories/${input.id}`;
  return (await api<TCategoryResponse>(path, { method: input.id === undefined ? 'POST' : 'PUT', body: input.body }))
    .data.category;
}

export function useSaveCategory(library: Library) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id?: number; body: TCreateCategoryRequest }) => saveCategory(library, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all(library) }),
  });
}
