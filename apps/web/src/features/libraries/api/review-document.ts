import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Library, TLibraryDocumentDetail, TLibraryDocumentResponse } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import { recordOf } from './get-document';
import { libraryKeys } from './query-keys';

/** approve / reject: orders (pending → approved or rejected); acknowledge: circulars and decisions, once per user. */
export type ReviewAction = 'approve' | 'reject' | 'acknowledge';

/** POST /{library}/{id}/{action}; the answer is the updated detail. */
export async function reviewDocument(library: Library, id: number, action: ReviewAction): Promise<TLibraryDocumentDetail> {
  return recordOf(library, await api<TLibraryDocumentResponse>(`/${library}/${id}/${action}`, { method: 'POST' }));
}

export function useReviewDocument(library: Library) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: ReviewAction }) => reviewDocument(library, id, action),
    onSuccess: (document) => {
      queryClient.setQueryData(libraryKeys.detail(library, document.id), document);
      return queryClient.invalidateQueries({ queryKey: libraryKeys.all(library) });
    },
  });
}
