import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { LIBRARY_FILE_MAX_BYTES } from '@srpf/shared';
import { formParts } from './form-parts.js';
import { invalidField } from './validation.js';
import { AppError } from './errors.js';
import type { Database, Transaction } from '../db/client.js';
import type { FileStorage } from './storage.js';
import { cleanUploadName } from './file-names.js';
import { pdfGuard, tooLarge, type PdfGuard } from './pdf-guard.js';

/**
 * The streamed PDF upload of every area that stores PDFs (the document libraries, the forms library):
 * a multipart form read part by part, its file checked as it streams (`%PDF-`, at most 10 MB) into a
 * temporary file, and the row that refers to it committed with the file published as its last step.
 */

/** The libraries' file part; the forms library names its own (`file`). */
export const FILE_FIELD = 'pdf_file';

/** multipart limits: the PDF, and room for the text fields (content may be long, in Devanagari). */
export const MULTIPART_LIMITS = {
  fileSize: LIBRARY_FILE_MAX_BYTES,
  files: 1,
  fields: 30,
  parts: 32,
  fieldSize: 256 * 1024,
};

/** A PDF streamed into storage and not yet committed. */
export interface PendingUpload {
  key: string;
  size: number;
  sha256: string;
  /** The cleaned original name, or null when nothing usable was left of it. */
  fileName: string | null;
}

export interface DocumentForm {
  fields: Record<string, string>;
  file: PendingUpload | null;
}

/** How long a file may sit without new bytes once the whole request has arrived. */
const STALL_GRACE_MS = 1000;

/**
 * A body cut short (no closing boundary) leaves the file stream open for ever: the parser waits for a
 * boundary that never comes. Once the request has fully arrived, a file that stops receiving bytes
 * is ended with a 400, so the upload fails cleanly instead of holding the request open.
 */
function endIfCutShort(request: FastifyRequest, file: Readable, guard: PdfGuard, fileField: string): void {
  let seen = -1;
  const watch = () => {
    const timer = setInterval(() => {
      // Once the guard has given up, the rest of the part is only being dropped: nothing to watch.
      if (file.readableEnded || file.destroyed || guard.destroyed) return clearInterval(timer);
      if (guard.bytes === seen) {
        clearInterval(timer);
        file.destroy(invalidField(fileField, 'upload.cut_short', {}, 'The upload ended before the file was complete'));
      }
      seen = guard.bytes;
    }, STALL_GRACE_MS).unref();
  };
  if (request.raw.readableEnded) watch();
  else request.raw.once('end', watch);
}

/**
 * The file part flows through the guard into storage. When the guard or storage gives up, the rest
 * of the part is still read (and dropped), so the request completes and the client gets the answer.
 */
async function storeFile(
  request: FastifyRequest,
  storage: FileStorage,
  file: Readable & { truncated?: boolean },
  originalName: string,
  fileField: string,
): Promise<PendingUpload> {
  const guard = pdfGuard(LIBRARY_FILE_MAX_BYTES, fileField);
  const drain = () => {
    if (!file.readableEnded) {
      file.unpipe(guard);
      file.resume();
    }
  };
  file.on('error', (error) => guard.destroy(error));
  // A body that ends inside a part makes the parser tear the part's stream down, with an error or
  // without, and it may have done so before the part is handed over (the whole body had already
  // arrived): the guard then never gets the rest, and must end, or storage waits for it for ever.
  const abandoned = () => {
    if (!file.readableEnded && !guard.destroyed)
      guard.destroy(invalidField(fileField, 'upload.cut_short', {}, 'The upload ended before the file was complete'));
  };
  if (file.destroyed) abandoned();
  else file.once('close', abandoned);
  // The pipeline inside storage reports the guard's error; this keeps one raised before it starts from crashing the process.
  guard.on('error', () => undefined);
  guard.on('close', drain);
  // Bytes start flowing only once storage reads the guard, so the signature check never fails unheard.
  guard.once('resume', () => file.pipe(guard));
  endIfCutShort(request, file, guard, fileField);
  let stored;
  try {
    stored = await storage.put(guard);
  } catch (error) {
    drain();
    throw error;
  }
  // The parser stops a file at the limit and ends it normally; a truncated file is a refused file.
  if (file.truncated) {
    await storage.discard(stored.key);
    throw tooLarge(fileField);
  }
  return { ...stored, fileName: cleanUploadName(originalName) };
}

/** The parser's own failures as answers: limits are 413 or 400, a malformed body is 400. */
function parserProblem(error: unknown, fileField: string): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(fileField);
  if (code === 'FST_FILES_LIMIT')
    return invalidField(fileField, 'upload.one_file_only', {}, `Send one PDF file only, in the field ${fileField}`);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return invalidField('body', 'upload.too_many_fields', {}, 'The form has too many fields');
  if (code === 'FST_PROTO_VIOLATION')
    return invalidField('body', 'upload.reserved_field_name', {}, 'The form has a field with a reserved name');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return invalidField('body', 'upload.not_multipart', {}, 'Send the form as multipart/form-data');
  const message = error instanceof Error ? error.message : String(error);
  if (/terminated early|unexpected end/i.test(message))
    return invalidField(fileField, 'upload.cut_short', {}, 'The upload ended before the file was complete');
  return invalidField('body', 'upload.unreadable', {}, `The upload could not be read: ${message}`);
}

/**
 * Reads a multipart document form: text fields (before or after the file, in any order) and the PDF
 * under `fileField` (the libraries' `pdf_file`, the forms library's `file`), streamed to a temporary
 * file in storage as it arrives. Whatever goes wrong, no temporary file is left behind; on success
 * the caller owns the pending upload and must commit or discard it.
 */
export async function readDocumentForm(
  request: FastifyRequest,
  storage: FileStorage,
  fileField: string = FILE_FIELD,
): Promise<DocumentForm> {
  if (!request.isMultipart())
    throw invalidField(
      fileField,
      'upload.not_multipart',
      {},
      `Send the form as multipart/form-data with the PDF in the field ${fileField}`,
    );
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  let file: PendingUpload | null = null;
  let problem: unknown = null;
  try {
    for await (const part of formParts(request, () =>
      invalidField('body', 'upload.cut_short', {}, 'The form could not be read to its end'),
    )) {
      if (part.type === 'field') {
        if (typeof part.value === 'string' && !(part.fieldname in fields)) fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== fileField || file !== null || problem !== null) {
        part.file.resume();
        continue;
      }
      try {
        file = await storeFile(request, storage, part.file, part.filename, fileField);
      } catch (error) {
        problem = error;
      }
    }
  } catch (error) {
    problem ??= parserProblem(error, fileField);
  }
  if (problem !== null) {
    if (file) await storage.discard(file.key);
    throw problem instanceof AppError ? problem : parserProblem(problem, fileField);
  }
  return { fields: { ...fields }, file };
}

/**
 * One transaction for the row that refers to an upload; the PDF (if any) becomes readable as its last
 * step, after every statement has succeeded, so a failed statement never publishes a file and a
 * committed row always has its file. If the commit itself fails, the published file is removed again.
 * Any failure discards the upload: the caller must not touch it afterwards.
 */
export async function commitWithUpload<T>(
  db: Database,
  storage: FileStorage,
  upload: PendingUpload | null,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  let published = false;
  try {
    return await db.transaction(async (tx) => {
      const result = await work(tx);
      if (upload) {
        await storage.commit(upload.key);
        published = true;
      }
      return result;
    });
  } catch (error) {
    if (upload) await (published ? storage.delete(upload.key) : storage.discard(upload.key)).catch(() => undefined);
    throw error;
  }
}
