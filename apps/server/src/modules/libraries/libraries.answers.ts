import { libraryDocumentResponse, type TLibraryDocumentDetail, type ZOrderResponse } from '@srpf/shared';
import type { LibraryInfo } from './libraries.library.js';

/**
 * The one-record answer of a library, under its own key (`data.order`, `data.circular`,
 * `data.decision`). The shape is the same for all three; only the key differs, which TypeScript
 * cannot follow through a parameter, so the route is typed with the orders' schema.
 */
export const ZDocumentAnswer = (info: LibraryInfo) =>
  libraryDocumentResponse(info.key) as unknown as typeof ZOrderResponse;

export function documentAnswer(info: LibraryInfo, document: TLibraryDocumentDetail, message?: string) {
  return {
    success: true as const,
    ...(message ? { message } : {}),
    data: { [info.key]: document } as { order: TLibraryDocumentDetail },
  };
}
