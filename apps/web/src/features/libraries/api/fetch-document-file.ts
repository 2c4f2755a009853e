import { apiResponse, UPLOAD_TIMEOUT_MS } from '../../../lib/api-client';
import { downloadFileName } from '../lib/file-name';

/** The answer was not a PDF ('Unsupported file type for PDF conversion.'). */
export class UnsupportedFileTypeError extends Error {
  constructor(readonly contentType: string) {
    super(`Unsupported file type: ${contentType || 'unknown'}`);
    this.name = 'UnsupportedFileTypeError';
  }
}

export interface FetchedPdf {
  blob: Blob;
  fileName: string;
}

/**
 * GET of a document's file_url (a path beginning with /api/) with the bearer token: the PDF and the
 * name to save it under. Only PDFs are stored, so anything else is refused rather than converted.
 * A 10 MB file on a slow line needs longer than the default 10 s.
 */
export async function fetchDocumentPdf(fileUrl: string, title: string, defaultName: string): Promise<FetchedPdf> {
  const response = await apiResponse(fileUrl, { timeoutMs: UPLOAD_TIMEOUT_MS });
  const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type !== 'application/pdf') {
    await response.body?.cancel().catch(() => undefined);
    throw new UnsupportedFileTypeError(type);
  }
  const blob = await response.blob();
  return {
    blob: blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' }),
    fileName: downloadFileName(response.headers.get('content-disposition'), title, defaultName),
  };
}
