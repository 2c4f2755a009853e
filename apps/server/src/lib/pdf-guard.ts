import { Transform } from 'node:stream';
import {
  LIBRARY_FILE_MAX_BYTES,
  LIBRARY_FILE_NOT_PDF_MESSAGE,
  LIBRARY_FILE_TOO_LARGE_MESSAGE,
  PDF_SIGNATURE,
} from '@srpf/shared';
import { AppError } from './errors.js';

const SIGNATURE = Buffer.from(PDF_SIGNATURE, 'latin1');

/** `field`: the form's file part (the libraries' pdf_file, the forms library's file). */
export const notPdf = (field = 'pdf_file') =>
  new AppError('upload.not_pdf', {}, LIBRARY_FILE_NOT_PDF_MESSAGE, { field });
export const tooLarge = (field = 'pdf_file') =>
  new AppError(
    'upload.pdf_too_large',
    { megabytes: LIBRARY_FILE_MAX_BYTES / (1024 * 1024) },
    LIBRARY_FILE_TOO_LARGE_MESSAGE,
    { field },
  );

export type PdfGuard = Transform & { readonly bytes: number };

/**
 * Passes a PDF through while it streams: fails as soon as the first bytes are not `%PDF-` (whatever
 * the browser called the file) or the size passes the limit, so nothing bigger than the limit is
 * ever written and a wrong file is refused after five bytes.
 */
export function pdfGuard(maxBytes: number, field = 'pdf_file'): PdfGuard {
  let bytes = 0;
  let head: Buffer | null = Buffer.alloc(0);
  const guard = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > maxBytes) return done(tooLarge(field));
      if (head === null) return done(null, chunk);
      head = Buffer.concat([head, chunk]);
      if (head.length < SIGNATURE.length) return done();
      if (!head.subarray(0, SIGNATURE.length).equals(SIGNATURE)) return done(notPdf(field));
      const first = head;
      head = null;
      done(null, first);
    },
    flush(done) {
      done(head === null ? null : notPdf(field));
    },
  });
  return Object.defineProperty(guard, 'bytes', { get: () => bytes }) as PdfGuard;
}
