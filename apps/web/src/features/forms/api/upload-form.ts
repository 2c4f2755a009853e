import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormLanguage } from '@srpf/shared/forms/forms.rules';
import type { TForm, TFormResponse } from '@srpf/shared';
import { UPLOAD_TIMEOUT_MS } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { uploadWithProgress } from '../../../lib/upload-with-progress';
import { formKeys } from './query-keys';

/** The text fields of an upload (section 3's payload); null or absent folder ids file it nowhere. */
export interface FormUploadInput {
  title: string;
  /** The legacy free-text category. */
  category?: string | null;
  language: FormLanguage;
  isPublic: boolean;
  categoryId?: number | null;
  subcategoryId?: number | null;
  subSubcategoryId?: number | null;
}

export interface UploadOptions {
  /** Called with 0…1 as the body goes out (uses XMLHttpRequest, which reports upload progress). */
  onProgress?: (fraction: number) => void;
}

/** The multipart body: the text fields (title also as formName, as the spec's client sends it) and the PDF under `file`. */
function formUploadData(fields: FormUploadInput, file: File | Blob): FormData {
  const data = new FormData();
  data.set('title', fields.title);
  data.set('formName', fields.title);
  if (fields.category) data.set('category', fields.category);
  data.set('language', fields.language);
  data.set('isPublic', String(fields.isPublic));
  if (fields.categoryId) data.set('categoryId', String(fields.categoryId));
  if (fields.subcategoryId) data.set('subcategoryId', String(fields.subcategoryId));
  if (fields.subSubcategoryId) data.set('subSubcategoryId', String(fields.subSubcategoryId));
  // The file goes last, so the fields are read before the server streams the PDF.
  data.set('file', file);
  return data;
}

/**
 * POST /forms, multipart (ZFormUploadFields and the PDF under `file`), up to 120 s (section 9), with
 * the file's progress reported to `onProgress` (0…1). Like the api client, it retries once after a
 * refreshed session on a 401, and ends the session when that fails too.
 */
export async function uploadForm(
  fields: FormUploadInput,
  file: File | Blob,
  options: UploadOptions = {},
): Promise<TForm> {
  const { onProgress } = options;
  const answer = (await uploadWithProgress('/forms', () => formUploadData(fields, file), {
    timeoutMs: UPLOAD_TIMEOUT_MS,
    onProgress: onProgress && ((progress) => onProgress(progress.loaded / progress.total)),
  })) as TFormResponse | null;
  const form = answer?.data?.form;
  if (!form) throw new ApiError(200, 'HTTP_ERROR', 'The answer has no data.form');
  onProgress?.(1);
  return form;
}

export interface UploadFormVariables {
  fields: FormUploadInput;
  file: File | Blob;
  onProgress?: (fraction: number) => void;
}

export function useUploadForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, file, onProgress }: UploadFormVariables) => uploadForm(fields, file, { onProgress }),
    onSuccess: (form) => {
      queryClient.setQueryData(formKeys.detail(form.id), form);
      return queryClient.invalidateQueries({ queryKey: formKeys.all });
    },
  });
}
