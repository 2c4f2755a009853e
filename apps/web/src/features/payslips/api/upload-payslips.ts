import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PAYSLIP_UPLOAD_FIELD } from '@srpf/shared/payslips/payslips.rules';
import type { TPayslipUploadResponse } from '@srpf/shared';
import { errorFromBody, expireSession, refreshSession, requestHeaders } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { payslipKeys } from './query-keys';

/** Bytes of the request body sent so far, of its total (the browser's upload progress). */
export interface UploadProgress {
  loaded: number;
  total: number;
}

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

interface XhrAnswer {
  status: number;
  body: unknown;
}

/** One POST with XMLHttpRequest, which reports upload progress (fetch does not); the headers are the api client's. */
function sendWithProgress(data: FormData, onProgress: ((progress: UploadProgress) => void) | undefined): Promise<XhrAnswer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/salary-slip/upload-html');
    request.timeout = PAYSLIP_UPLOAD_TIMEOUT_MS;
    request.withCredentials = true;
    for (const [name, value] of Object.entries(requestHeaders())) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (onProgress && event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    };
    request.onload = () => {
      let body: unknown;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : null;
      } catch {
        body = null;
      }
      resolve({ status: request.status, body });
    };
    request.onerror = () => reject(new ApiError(0, 'NETWORK', 'Network error'));
    request.ontimeout = () => reject(new ApiError(0, 'TIMEOUT', 'The request timed out'));
    request.send(data);
  });
}

/**
 * POST /salary-slip/upload-html, multipart (section 5), reporting the bytes sent to `onProgress`.
 * Like the api client, it retries once after a refreshed session on a 401, and ends the session
 * when that fails too. The answer is the upload result (200 whatever became of each file).
 */
export async function uploadPayslips(files: readonly File[], onProgress?: (progress: UploadProgress) => void): Promise<TPayslipUploadResponse> {
  let answer = await sendWithProgress(slipsData(files), onProgress);
  if (answer.status === 401) {
    if (await refreshSession()) answer = await sendWithProgress(slipsData(files), onProgress);
    if (answer.status === 401) {
      expireSession();
      throw errorFromBody(answer.status, answer.body);
    }
  }
  if (answer.status < 200 || answer.status >= 300) throw errorFromBody(answer.status, answer.body);
  const result = answer.body as TPayslipUploadResponse | null;
  if (!result?.processed) throw new ApiError(answer.status, 'HTTP_ERROR', 'The answer has no upload result');
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
