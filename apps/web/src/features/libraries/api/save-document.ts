import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Library, TLibraryDocumentDetail, TLibraryDocumentResponse } from '@srpf/shared';
import { api, UPLOAD_TIMEOUT_MS } from '../../../lib/api-client';
import { documentFormData, type DocumentFields } from '../lib/document-form';
import { isConflict } from '../lib/error-message';
import { recordOf } from './get-document';
import { libraryKeys } from './query-keys';

export interface SaveDocumentInput {
  /** Absent: a new document. */
  id?: number;
  fields: DocumentFields;
  /** The PDF: required for a new document (POST /upload), optional when editing (attaches or replaces). */
  file: File | null;
}

/**
 * New: POST /{library}/upload, multipart with pdf_file. Edit: PUT /{library}/{id}, as JSON, or as
 * multipart when a new PDF is chosen. Anything carrying a file may take up to 120 s (section 9).
 */
export async function saveDocument(
  library: Library,
  { id, fields, file }: SaveDocumentInput,
): Promise<TLibraryDocumentDetail> {
  const path = id === undefined ? `/${library}/upload` : `/${library}/${id}`;
  const method = id === undefined ? 'POST' : 'PUT';
  const body = id === undefined || file ? documentFormData(fields, file) : fields;
  const answer = await api<TLibraryDocumentResponse>(path, {
    method,
    body,
    timeoutMs: body instanceof FormData ? UPLOAD_TIMEOUT_MS : undefined,
  });
  return recordOf(library, answer);
}

export function useSaveDocument(library: Library) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveDocumentInput) => saveDocument(library, input),
    onSuccess: (document) => {
      queryClient.setQueryData(libraryKeys.detail(library, document.id), document);
      return queryClient.invalidateQueries({ queryKey: libraryKeys.all(library) });
    },
    // Changed by someone else meanwhile (or an order decided): what shows reloads, so the next try starts from it.
    onError: (error) => {
      if (isConflict(error)) void queryClient.invalidateQueries({ queryKey: libraryKeys.all(library) });
    },
  });
}
