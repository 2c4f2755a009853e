import { errorFromBody, expireSession, refreshSession, requestHeaders } from './api-client';
import { ApiError } from './api-error';

/** Bytes of the request body sent so far, of its total (the browser's upload progress). */
export interface UploadProgress {
  loaded: number;
  total: number;
}

interface XhrAnswer {
  status: number;
  body: unknown;
}

/** One POST with XMLHttpRequest, which reports upload progress (fetch does not); the headers are the api client's. */
function send(
  path: string,
  data: FormData,
  timeoutMs: number,
  onProgress: ((progress: UploadProgress) => void) | undefined,
): Promise<XhrAnswer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api${path}`);
    request.timeout = timeoutMs;
    request.withCredentials = true;
    for (const [name, value] of Object.entries(requestHeaders())) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (onProgress && event.lengthComputable && event.total > 0)
        onProgress({ loaded: event.loaded, total: event.total });
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
 * POSTs a multipart body to the API (`path` below /api), reporting the bytes sent to `onProgress`.
 * Like the api client, it retries once after a refreshed session on a 401 (with a body made anew by
 * `body`), ends the session when that fails too, and turns any other failure into an ApiError from
 * the error envelope. Answers the parsed body of a 2xx.
 */
export async function uploadWithProgress(
  path: string,
  body: () => FormData,
  options: { timeoutMs: number; onProgress?: (progress: UploadProgress) => void },
): Promise<unknown> {
  let answer = await send(path, body(), options.timeoutMs, options.onProgress);
  if (answer.status === 401) {
    if (await refreshSession()) answer = await send(path, body(), options.timeoutMs, options.onProgress);
    if (answer.status === 401) {
      expireSession();
      throw errorFromBody(answer.status, answer.body);
    }
  }
  if (answer.status < 200 || answer.status >= 300) throw errorFromBody(answer.status, answer.body);
  return answer.body;
}
