import { apiResponse, UPLOAD_TIMEOUT_MS } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';

/**
 * The dashboard's export of a range, built by the server (GET /api/kpis/daily/export): the summary and
 * every appointment of the range, where the screen lists the first few hundred. A year of
 * appointments takes longer than the default 10 s.
 */
export async function fetchDashboardCsv(range: { from: string; to: string }): Promise<Blob> {
  const response = await apiResponse('/kpis/daily/export', { query: range, timeoutMs: UPLOAD_TIMEOUT_MS });
  try {
    return await response.blob();
  } catch (error) {
    // The file broke off on the way (the connection dropped, the server failed mid-file, or it ran past the time limit).
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new ApiError(0, timedOut ? 'TIMEOUT' : 'NETWORK', timedOut ? 'The request timed out' : 'Network error');
  }
}
