import { apiResponse, transportError, UPLOAD_TIMEOUT_MS } from '../../../lib/api-client';

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
    // The file broke off on the way: the connection dropped, the server failed mid-file, or the time ran out.
    throw transportError(error);
  }
}
