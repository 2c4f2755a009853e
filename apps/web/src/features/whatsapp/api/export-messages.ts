import { apiResponse, transportError, UPLOAD_TIMEOUT_MS } from '../../../lib/api-client';
import type { MessageFilters } from './query-keys';

/** GET /whatsapp/messages/export: the messages of the filters as CSV (built and audited by the server), and its file name. */
export async function fetchMessagesCsv(filters: MessageFilters): Promise<{ blob: Blob; fileName: string }> {
  const response = await apiResponse('/whatsapp/messages/export', {
    query: { ...filters },
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  try {
    return { blob: await response.blob(), fileName: named?.[1] ?? 'whatsapp-messages.csv' };
  } catch (error) {
    throw transportError(error);
  }
}
