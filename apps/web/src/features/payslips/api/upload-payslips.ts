import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PAYSLIP_UPLOAD_FIELD } from '@srpf/shared/payslips/payslips.rules';
import type { TPayslipUploadResponse } from '@srpf/shared';
import { ApiError } from '../../../lib/api-error';
import { uploadWithProgress, type UploadProgress } from '../../../lib/upload-with-progress';
import { payslipKeys } from './query-keys';

export type { UploadProgress };

/**
 * Reading and matching 5,000 slips answers within the request (about 30 s on the server), after
 * the body itself has gone out on whatever line the office has: ten minutes in all.
 */
export const PAYSLIP_UPLOAD_TIMEOUT_MS = 10 * 60_000;

/** The multipart body: every slip under `htmlFiles` (section 5). */
function slipsData(files: readonly File[]): FormData {
  const data = new FormData();
  for (const file of files) data.append(PAYSLIP_UPLOAD_FIELD, file, file.name);
  return data;
}

/**
 * POST /salary-slip/upload-html, multipart (section 5), reporting the bytes sent to `onProgress`.
 * Like the api client, it retries once after a refreshed session on a 401, and ends the session
 * when that fails too. The answer is the upload result (200 whatever became of each file).
 */
export async function uploadPayslips(
  files: readonly File[],
  onProgress?: (progress: UploadProgress) => void,
): Promise<TPayslipUploadResponse> {
  const result = (await uploadWithProgress('/salary-slip/upload-html', () => slipsData(files), {
    timeoutMs: PAYSLIP_UPLOAD_TIMEOUT_MS,
    onProgress,
  })) as TPayslipUploadResponse | null;
  if (!result?.processed) throw new ApiError(200, 'HTTP_ERROR', 'The answer has no upload result');
  return result;
}

export interface UploadPayslipsVariables {
  files: readonly File[];
  onProgress?: (progress: UploadProgress) => void;
}

/** The upload; the list and the counts reload after it, whatever its outcome (some files may have been stored). */
export function useUploadPayslips() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ files, onProgress }: UploadPayslipsVariables) => uploadPayslips(files, onProgress),
    onSettled: () => queryClient.invalidateQueries({ queryKey: payslipKeys.all }),
  });
}
