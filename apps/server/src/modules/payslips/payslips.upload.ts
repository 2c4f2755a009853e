import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  PAYSLIP_FILE_MAX_BYTES,
  PAYSLIP_FILES_MAX,
  PAYSLIP_UPLOAD_FAILURES,
  PAYSLIP_UPLOAD_FIELD,
  type PayslipUploadFailureCode,
  type TPayslipUploadFailure,
} from '@srpf/shared';
import { AppError, isAppError } from '../../lib/errors.js';
import { formParts } from '../../lib/form-parts.js';
import type { FileStorage } from '../../lib/storage.js';
import { invalidField } from '../../lib/validation.js';
import { SlipReadTimeout, type SlipReaders } from './payslips.read-pool.js';
import type { ReadSlip, SlipReadFailure, SlipReading } from './payslips.reader.js';

/**
 * The upload of salary slips (POST /api/salary-slip/upload-html): many HTML files under `htmlFiles`,
 * each read as it arrives (≤ 2 MB, held in memory only while it is read) by a worker thread
 * (payslips.read-pool.ts: the request thread only receives and stores), and a slip that reads well
 * streamed at once into storage under a temporary key; nothing else is kept. Who it belongs to is
 * decided afterwards for all of them in one query (payslips.service.ts).
 */

/** The multipart limits of the upload: 10,000 files of 2 MB, and a few text fields (ignored). */
export const SLIP_MULTIPART_LIMITS = {
  fileSize: PAYSLIP_FILE_MAX_BYTES,
  files: PAYSLIP_FILES_MAX,
  fields: 20,
  parts: PAYSLIP_FILES_MAX + 20,
  fieldSize: 1024,
};

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

const READ_FAILURE_CODES: Record<SlipReadFailure, PayslipUploadFailureCode> = {
  not_a_slip: 'not_a_slip',
  no_sevarth_id: 'no_sevarth_id',
  no_month: 'month_missing',
  too_complex: 'too_complex',
};

export const uploadFailure = (
  filename: string,
  code: PayslipUploadFailureCode,
  error: string = PAYSLIP_UPLOAD_FAILURES[code],
): TPayslipUploadFailure => ({ filename, error, code });

/** The uploaded name kept for a slip: its last path segment, without control characters, at most 150 characters. */
export function cleanSlipName(original: string | null | undefined, index: number): string {
  const last = (original ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = [
    ...last
      .normalize('NFC')
      .replace(/[\p{Cc}\u200b-\u200f\u202a-\u202e\u2066-\u2069]/gu, '')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^\.+/, ''),
  ]
    .slice(0, 150)
    .join('')
    .trim();
  return /[\p{L}\p{N}]/u.test(cleaned) ? cleaned : `payslip-${index + 1}.html`;
}

/** How long a file may sit without new bytes once the whole request has arrived (a body cut short). */
const STALL_GRACE_MS = 1000;

const cutShort = () =>
  invalidField(PAYSLIP_UPLOAD_FIELD, 'upload.cut_short', {}, 'The upload ended before the file was complete');

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
  if (isAppError(error)) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new AppError(
      'payslips.too_many_files',
      { maximum: PAYSLIP_FILES_MAX },
      `Send at most ${PAYSLIP_FILES_MAX.toLocaleString('en-IN')} slips in one upload`,
      { field: PAYSLIP_UPLOAD_FIELD },
    );
  }
  if (code === 'FST_FIELDS_LIMIT')
    return invalidField('body', 'upload.too_many_fields', {}, 'The form has too many fields');
  if (code === 'FST_PROTO_VIOLATION')
    return invalidField('body', 'upload.reserved_field_name', {}, 'The form has a field with a reserved name');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return invalidField(
      'body',
      'upload.not_multipart',
      {},
      `Send the slips as multipart/form-data in the field ${PAYSLIP_UPLOAD_FIELD}`,
    );
  const message = error instanceof Error ? error.message : String(error);
  if (/terminated early|unexpected end|premature close/i.test(message)) return cutShort();
  return invalidField('body', 'upload.unreadable', {}, `The upload could not be read: ${message}`);
}

/** A file waiting to be read: its place in the request, its name and its bytes. */
interface ReceivedFile {
  index: number;
  fileName: string;
  content: Buffer;
}

/** Files go to a reader thread in batches of this many bytes or files: many small slips a message, a large one alone. */
const BATCH_BYTES = 256 * 1024;
const BATCH_FILES = 32;

const UNREADABLE: SlipReading = {
  ok: false,
  reason: 'not_a_slip',
  message: 'The file could not be read as a salary slip.',
};
const TOO_HEAVY: SlipReading = {
  ok: false,
  reason: 'too_complex',
  message: 'Reading the file needed more memory than a salary slip ever does.',
};
const tooSlow = (limitMs: number): SlipReading => ({
  ok: false,
  reason: 'too_complex',
  message: `The file was still being read after ${limitMs / 1000} seconds; a salary slip takes well under one.`,
});

/** Why a file read alone failed as a whole: past the time limit, past the thread's heap, or another death of its thread. */
function failedRead(error: unknown, limitMs: number): SlipReading {
  if (error instanceof Error && error.name === 'AbortError' && error.cause instanceof SlipReadTimeout)
    return tooSlow(limitMs);
  if ((error as { code?: string } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY') return TOO_HEAVY;
  return UNREADABLE;
}

/** What an upload reads with: the app's reader threads, and the signal of its client going away. */
interface ReadingContext {
  request: FastifyRequest;
  readers: SlipReaders;
  clientGone: AbortSignal;
}

/**
 * A batch read in a reader thread. A fault of the reader itself (a layout it trips on) is logged and
 * fails that file alone. A batch whose thread died (past its heap) or ran past its time limit is read
 * again file by file, each in a task of its own, so only the file that did it fails. Once the client
 * is gone nothing is read again: the upload is abandoned (its readings are never used).
 */
async function readBatch(
  { request, readers, clientGone }: ReadingContext,
  files: readonly ReceivedFile[],
): Promise<SlipReading[]> {
  try {
    const readings = await readers.read(
      files.map((file) => file.content),
      clientGone,
    );
    return readings.map((reading, position) => {
      if (!('fault' in reading)) return reading;
      request.log.error(
        { err: { message: reading.fault }, fileName: files[position]!.fileName },
        'the slip reader failed on a file',
      );
      return UNREADABLE;
    });
  } catch (error) {
    if (clientGone.aborted) return files.map(() => UNREADABLE);
    if (files.length > 1) {
      request.log.warn(
        { err: error, fileNames: files.map((file) => file.fileName) },
        'a batch of slips failed as a whole; reading its files one by one',
      );
      const readings = await Promise.all(files.map((file) => readBatch({ request, readers, clientGone }, [file])));
      return readings.flat();
    }
    request.log.error({ err: error, fileName: files[0]!.fileName }, 'a slip could not be read');
    return [failedRead(error, readers.readTimeoutMs)];
  }
}

/** What became of one file. */
type FileOutcome = { slip: UploadedSlip } | { failure: TPayslipUploadFailure } | { storageFailure: unknown };

/**
 * A batch read, and its slips stored under temporary keys, each file's outcome put in its place.
 * Never rejects, so batches read side by side cannot leave a rejection unhandled.
 */
async function readAndStore(
  reading: ReadingContext,
  storage: FileStorage,
  files: readonly ReceivedFile[],
  outcomes: FileOutcome[],
): Promise<void> {
  const readings = await readBatch(reading, files);
  for (const [position, reading] of readings.entries()) {
    const { index, fileName, content } = files[position]!;
    if (!reading.ok) {
      outcomes[index] = { failure: uploadFailure(fileName, READ_FAILURE_CODES[reading.reason], reading.message) };
      continue;
    }
    try {
      const stored = await storage.put(Readable.from([content]));
      outcomes[index] = { slip: { fileName, slip: reading.slip, key: stored.key, size: stored.size } };
    } catch (error) {
      // The server's own failure (a full disk), not the client's: answered as such.
      outcomes[index] = { storageFailure: error };
      return;
    }
  }
}

/**
 * Aborted when the client goes before its answer is sent (its connection closed). Not the request's
 * own 'close': Node emits that as soon as the body has been read, long before the answer.
 */
export function clientGoneSignal(reply: FastifyReply): AbortSignal {
  const gone = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableEnded) gone.abort(new Error('the client closed the connection'));
  });
  return gone.signal;
}

const clientGoneAnswer = () =>
  invalidField('body', 'upload.cut_short', {}, 'The connection closed before the upload was read');

/**
 * Reads every slip of the request. Files that are not slips (or are too large, empty, too complex,
 * without a Sevarth ID or month) become failures and are not stored; the others are stored under
 * temporary keys the caller must commit or discard. Files are read in batches, a few at once (each
 * reader thread busy while the next batch arrives) and no more: the request holds at most that many
 * batches' bytes. The outcomes keep the files' order. Whatever goes wrong with the request itself,
 * nothing is left behind; a client that goes away (`clientGone`) has its reads ended at once.
 */
export async function readSlipUpload(
  request: FastifyRequest,
  storage: FileStorage,
  readers: SlipReaders,
  clientGone: AbortSignal,
): Promise<SlipUpload> {
  if (!request.isMultipart())
    throw invalidField(
      PAYSLIP_UPLOAD_FIELD,
      'upload.not_multipart',
      {},
      `Send the slips as multipart/form-data in the field ${PAYSLIP_UPLOAD_FIELD}`,
    );
  const outcomes: FileOutcome[] = [];
  const reading = new Set<Promise<void>>();
  const storageFailure = () =>
    outcomes.find(
      (outcome): outcome is { storageFailure: unknown } => outcome !== undefined && 'storageFailure' in outcome,
    );
  let batch: ReceivedFile[] = [];
  let batchBytes = 0;
  const sendBatch = async () => {
    while (reading.size >= readers.batchesInFlight) await Promise.race(reading);
    if (clientGone.aborted) throw clientGoneAnswer();
    const failed = storageFailure();
    if (failed) throw failed.storageFailure;
    const files = batch;
    batch = [];
    batchBytes = 0;
    const read = readAndStore({ request, readers, clientGone }, storage, files, outcomes).finally(() =>
      reading.delete(read),
    );
    reading.add(read);
  };
  let files = 0;
  try {
    for await (const part of formParts(request, () =>
      invalidField('body', 'upload.cut_short', {}, 'The form could not be read to its end'),
    )) {
      if (part.type === 'field') continue;
      if (part.fieldname !== PAYSLIP_UPLOAD_FIELD) {
        part.file.resume();
        continue;
      }
      const index = files;
      const fileName = cleanSlipName(part.filename, index);
      files += 1;
      const content = await readPart(request, part.file);
      if (part.file.truncated) outcomes[index] = { failure: uploadFailure(fileName, 'too_large') };
      else if (content.length === 0) outcomes[index] = { failure: uploadFailure(fileName, 'empty') };
      else {
        batch.push({ index, fileName, content });
        batchBytes += content.length;
        if (batchBytes >= BATCH_BYTES || batch.length >= BATCH_FILES) await sendBatch();
      }
    }
    if (batch.length > 0) await sendBatch();
    await Promise.all(reading);
    if (clientGone.aborted) throw clientGoneAnswer();
    const failed = storageFailure();
    if (failed) throw failed.storageFailure;
  } catch (error) {
    await Promise.all(reading);
    await Promise.all(
      outcomes.flatMap((outcome) =>
        outcome !== undefined && 'slip' in outcome ? [storage.discard(outcome.slip.key).catch(() => undefined)] : [],
      ),
    );
    if (clientGone.aborted) throw clientGoneAnswer();
    throw error === storageFailure()?.storageFailure ? error : parserProblem(error);
  }
  if (files === 0)
    throw invalidField(PAYSLIP_UPLOAD_FIELD, 'payslips.no_files', {}, 'Please select at least one file.');
  const slips: UploadedSlip[] = [];
  const failures: TPayslipUploadFailure[] = [];
  for (const outcome of outcomes) {
    if ('slip' in outcome) slips.push(outcome.slip);
    else if ('failure' in outcome) failures.push(outcome.failure);
  }
  return { slips, failures, files };
}
