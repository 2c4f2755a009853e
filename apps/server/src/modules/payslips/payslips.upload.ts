import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { PAYSLIP_FILE_MAX_BYTES, PAYSLIP_FILES_MAX, PAYSLIP_UPLOAD_FAILURES, PAYSLIP_UPLOAD_FIELD, type PayslipUploadFailureCode, type TPayslipUploadFailure } from '@srpf/shared';
import { AppError } from '../../lib/errors.js';
import { formParts } from '../../lib/form-parts.js';
import type { FileStorage } from '../../lib/storage.js';
import { invalidField } from '../../lib/validation.js';
import { readSlip, type ReadSlip, type SlipReadFailure } from './payslips.reader.js';

/**
 * The upload of salary slips (POST /api/salary-slip/upload-html): many HTML files under `htmlFiles`,
 * each read as it arrives (≤ 2 MB, held in memory only while it is read), and a slip that reads well
 * streamed at once into storage under a temporary key; nothing else is kept. Who it belongs to is
 * decided afterwards for all of them in one query (payslips.service.ts).
 */

/** The multipart limits of the upload: 10,000 files of 2 MB, and a few text fields (ignored). */
export const SLIP_MULTIPART_LIMITS = { fileSize: PAYSLIP_FILE_MAX_BYTES, files: PAYSLIP_FILES_MAX, fields: 20, parts: PAYSLIP_FILES_MAX + 20, fieldSize: 1024 };

/** A slip read and stored (not yet committed). */
export interface UploadedSlip {
  fileName: string;
  slip: ReadSlip;
  key: string;
  size: number;
}

export interface SlipUpload {
  slips: UploadedSlip[];
  failures: TPayslipUploadFailure[];
  /** Files received under `htmlFiles`. */
  files: number;
}

const READ_FAILURE_CODES: Record<SlipReadFailure, PayslipUploadFailureCode> = { not_a_slip: 'not_a_slip', no_sevarth_id: 'no_sevarth_id', no_month: 'month_missing' };

export const uploadFailure = (filename: string, code: PayslipUploadFailureCode, error: string = PAYSLIP_UPLOAD_FAILURES[code]): TPayslipUploadFailure => ({ filename, error, code });

/** The uploaded name kept for a slip: its last path segment, without control characters, at most 150 characters. */
export function cleanSlipName(original: string | null | undefined, index: number): string {
  const last = (original ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = [...last.normalize('NFC').replace(/[\p{Cc}\u200b-\u200f\u202a-\u202e\u2066-\u2069]/gu, '').replace(/\s+/g, ' ').trim().replace(/^\.+/, '')]
    .slice(0, 150)
    .join('')
    .trim();
  return /[\p{L}\p{N}]/u.test(cleaned) ? cleaned : `payslip-${index + 1}.html`;
}

/** How long a file may sit without new bytes once the whole request has arrived (a body cut short). */
const STALL_GRACE_MS = 1000;

const cutShort = () => invalidField(PAYSLIP_UPLOAD_FIELD, 'The upload ended before the file was complete');

/** A file part's bytes, at most the limit (the parser marks a longer one `truncated` and drops the rest). */
async function readPart(request: FastifyRequest, file: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  let seen = -1;
  let timer: NodeJS.Timeout | undefined;
  const watch = () => {
    timer = setInterval(() => {
      if (file.readableEnded || file.destroyed) return clearInterval(timer);
      if (bytes === seen) {
        clearInterval(timer);
        file.destroy(cutShort());
      }
      seen = bytes;
    }, STALL_GRACE_MS).unref();
  };
  if (request.raw.readableEnded) watch();
  else request.raw.once('end', watch);
  try {
    for await (const chunk of file) {
      const buffer = chunk as Buffer;
      bytes += buffer.length;
      chunks.push(buffer);
    }
  } finally {
    if (timer) clearInterval(timer);
    request.raw.off('end', watch);
  }
  return Buffer.concat(chunks, bytes);
}

/** The parser's own failures as answers: too many files 413, a malformed body 400. */
function parserProblem(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new AppError('FILE_TOO_LARGE', `Send at most ${PAYSLIP_FILES_MAX.toLocaleString('en-IN')} slips in one upload`, { field: PAYSLIP_UPLOAD_FIELD });
  }
  if (code === 'FST_FIELDS_LIMIT') return invalidField('body', 'The form has too many fields');
  if (code === 'FST_PROTO_VIOLATION') return invalidField('body', 'The form has a field with a reserved name');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return invalidField('body', `Send the slips as multipart/form-data in the field ${PAYSLIP_UPLOAD_FIELD}`);
  const message = error instanceof Error ? error.message : String(error);
  if (/terminated early|unexpected end|premature close/i.test(message)) return cutShort();
  return invalidField('body', `The upload could not be read: ${message}`);
}

/**
 * One slip read; a fault of the reader itself (a layout it trips on) is logged and fails that file
 * alone, never the other slips of the request.
 */
function readOne(request: FastifyRequest, fileName: string, html: string): ReturnType<typeof readSlip> {
  try {
    return readSlip(html);
  } catch (error) {
    request.log.error({ err: error, fileName }, 'the slip reader failed on a file');
    return { ok: false, reason: 'not_a_slip', message: 'The file could not be read as a salary slip.' };
  }
}

/**
 * Reads every slip of the request. Files that are not slips (or are too large, empty, without a
 * Sevarth ID or month) become failures and are not stored; the others are stored under temporary
 * keys the caller must commit or discard. Whatever goes wrong with the request itself, nothing is
 * left behind.
 */
export async function readSlipUpload(request: FastifyRequest, storage: FileStorage): Promise<SlipUpload> {
  if (!request.isMultipart()) throw invalidField(PAYSLIP_UPLOAD_FIELD, `Send the slips as multipart/form-data in the field ${PAYSLIP_UPLOAD_FIELD}`);
  const slips: UploadedSlip[] = [];
  const failures: TPayslipUploadFailure[] = [];
  const decoder = new TextDecoder('utf-8');
  let files = 0;
  let storageFailure: unknown = null;
  try {
    for await (const part of formParts(request, () => invalidField('body', 'The form could not be read to its end'))) {
      if (part.type === 'field') continue;
      if (part.fieldname !== PAYSLIP_UPLOAD_FIELD) {
        part.file.resume();
        continue;
      }
      const fileName = cleanSlipName(part.filename, files);
      files += 1;
      const content = await readPart(request, part.file);
      if (part.file.truncated) {
        failures.push(uploadFailure(fileName, 'too_large'));
        continue;
      }
      if (content.length === 0) {
        failures.push(uploadFailure(fileName, 'empty'));
        continue;
      }
      const reading = readOne(request, fileName, decoder.decode(content));
      if (!reading.ok) {
        failures.push(uploadFailure(fileName, READ_FAILURE_CODES[reading.reason], reading.message));
        continue;
      }
      let stored;
      try {
        stored = await storage.put(Readable.from([content]));
      } catch (error) {
        // The server's own failure (a full disk), not the client's: answered as such.
        storageFailure = error;
        throw error;
      }
      slips.push({ fileName, slip: reading.slip, key: stored.key, size: stored.size });
    }
  } catch (error) {
    await Promise.all(slips.map((slip) => storage.discard(slip.key).catch(() => undefined)));
    throw error === storageFailure ? error : parserProblem(error);
  }
  if (files === 0) throw invalidField(PAYSLIP_UPLOAD_FIELD, 'Please select at least one file.');
  return { slips, failures, files };
}
