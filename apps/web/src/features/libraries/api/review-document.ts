import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Library, TLibraryDocumentDetail, TLibraryDocumentResponse, TReviewRequest } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import { isConflict } from '../lib/error-message';
import { recordOf } from './get-document';
import { libraryKeys } from './query-keys';

/** approve / reject: orders (pending → approved or rejected); acknowledge: circulars and decisions, once per user. */
export type ReviewAction = 'approve' | 'reject' | 'acknowledge';

export interface ReviewInput {
  id: number;
  action: ReviewAction;
  /** The version on the person's screen: the server refuses (409) when the document has a newer one. */
  version: number;
}

/** POST /{library}/{id}/{action} with `{ version }`; the answer is the updated detail. */
export async function reviewDocument(
  library: Library,
  { id, action, version }: ReviewInput,
): Promise<TLibraryDocumentDetail> {
  const body: TReviewRequest = { version };
  return recordOf(
    library,
    await api<TLibraryDocumentResponse>(`/${library}/${id}/${action}`, { method: 'POST', body }),
  );
}

/**
 * Approve, reject or acknowledge the version the person is looking at. When it changed meanwhile (409)
 * the document and the lists reload, so the new version shows before anyone acts on it.
 */
export function useReviewDocument(library: Library) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewInput) => reviewDocument(library, input),
    onSuccess: (document) => {
      queryClient.setQueryData(libraryKeys.detail(library, document.id), document);
      return queryClient.invalidateQueries({ queryKey: libraryKeys.all(library) });
    },
    onError: (error) => {
      if (isConflict(error)) void queryClient.invalidateQueries({ queryKey: libraryKeys.all(library) });
    },
  });
}
