import { createHash, randomBytes, randomInt } from 'node:crypto';
import { LIBRARY_RECORD_KEYS } from '@srpf/shared';
import type { MultipartPart } from './multipart.js';
import { call, kill, type Answer, type ServerProcess } from './server-process.js';

/**
 * The uploads a crash test sends to the orders library of a real server (server-process.ts): PDFs of
 * random bytes, so a file cut short or mixed with another can never pass for the one sent, posted as
 * new documents or put as a new version of one, some of them slowly; all at once, and then a SIGKILL.
 */

const LIBRARY = 'orders';
const RECORD_KEY = LIBRARY_RECORD_KEYS[LIBRARY];
/** Sent slowly: this much, then a pause; 2 MB take about half a second (well within the idle timeout per pause). */
const SLOW = { chunkBytes: 64 * 1024, pauseMs: 15 };

export interface Pdf {
  bytes: Buffer;
  sha256: string;
}

export const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A PDF signature, a marker, then random bytes: `minBytes` to `maxBytes` in all. */
export function randomPdf(marker: string, minBytes: number, maxBytes: number): Pdf {
  const head = Buffer.from(`%PDF-1.7\n% ${marker}\n`, 'latin1');
  const bytes = Buffer.concat([head, randomBytes(randomInt(minBytes, maxBytes + 1) - head.length)]);
  return { bytes, sha256: sha256Of(bytes) };
}

/** A document's PDF as the server must keep it: version `version` of document `documentId`. */
export interface KeptUpload {
  name: string;
  documentId: number;
  version: number;
  sha256: string;
  size: number;
}

export interface PlannedUpload {
  name: string;
  /** A new document, or a new PDF (a new version) for this existing one. */
  replaces: number | null;
  slow: boolean;
  pdf: Pdf;
}

export interface UploadOutcome {
  upload: PlannedUpload;
  /** The status answered, or null when the connection broke first. */
  status: number | null;
  /** Answered 200/201: what the server now keeps. */
  kept: KeptUpload | null;
  /** The connection broke before the kill (the server's idle timeout, not the kill). */
  brokeBeforeKill: boolean;
  /** Why the connection broke, when it did. */
  error: string | null;
}

/** Where an upload goes: POST /api/orders/upload, or PUT /api/orders/{id}. */
export const urlOf = (upload: PlannedUpload) =>
  upload.replaces === null ? `/api/${LIBRARY}/upload` : `/api/${LIBRARY}/${upload.replaces}`;

function send(running: ServerProcess, token: string, categoryId: number, upload: PlannedUpload): Promise<Answer> {
  const file: MultipartPart = {
    name: 'pdf_file',
    filename: `${upload.name}.pdf`,
    contentType: 'application/pdf',
    content: upload.pdf.bytes,
  };
  const options = { token, ...(upload.slow ? { pace: SLOW } : {}) };
  if (upload.replaces !== null) return call(running, 'PUT', urlOf(upload), { ...options, multipart: [file] });
  const fields = { title: upload.name, effective_date: '2026-11-26', category_id: String(categoryId) };
  return call(running, 'POST', urlOf(upload), {
    ...options,
    multipart: [...Object.entries(fields).map(([name, value]) => ({ name, value })), file],
  });
}

function keptOf(upload: PlannedUpload, answer: Answer): KeptUpload | null {
  if (answer.status !== 200 && answer.status !== 201) return null;
  const record = answer.json<{ data: Record<string, { id: number; version: number }> }>().data[RECORD_KEY]!;
  return {
    name: upload.name,
    documentId: record.id,
    version: record.version,
    sha256: upload.pdf.sha256,
    size: upload.pdf.bytes.length,
  };
}

/** When the kill comes: once this many of the uploads have been answered (or broke off), and this long after. */
export interface KillMoment {
  afterAnswers: number;
  delayMs: number;
}

/**
 * Sends these uploads together and, unless `killAt` is null, kills the server at that moment;
 * answers what each got once all are settled.
 */
export async function uploadTogether(
  running: ServerProcess,
  token: string,
  categoryId: number,
  uploads: PlannedUpload[],
  killAt: KillMoment | null,
): Promise<UploadOutcome[]> {
  let killed = false;
  let settledSoFar = 0;
  let reached: () => void = () => undefined;
  const enough = new Promise<void>((resolve) => (reached = resolve));
  if (killAt?.afterAnswers === 0) reached();
  const settled = uploads.map(async (upload): Promise<UploadOutcome> => {
    let outcome: UploadOutcome;
    try {
      const answer = await send(running, token, categoryId, upload);
      outcome = { upload, status: answer.status, kept: keptOf(upload, answer), brokeBeforeKill: false, error: null };
    } catch (error) {
      outcome = {
        upload,
        status: null,
        kept: null,
        brokeBeforeKill: !killed,
        error: error instanceof Error ? error.message : String(error),
      };
    }
    settledSoFar += 1;
    if (settledSoFar === killAt?.afterAnswers) reached();
    return outcome;
  });
  if (killAt) {
    await enough;
    await new Promise((resolve) => setTimeout(resolve, killAt.delayMs));
    killed = true;
    await kill(running);
  }
  return Promise.all(settled);
}

/** GET one version's PDF; answers its sha256, or the status when it was not 200. */
export async function downloadedSha256(running: ServerProcess, token: string, kept: KeptUpload): Promise<string> {
  const answer = await call(running, 'GET', `/api/${LIBRARY}/${kept.documentId}/versions/${kept.version}/file`, {
    token,
  });
  return answer.status === 200
    ? sha256Of(answer.body)
    : `status ${answer.status}: ${answer.body.toString().slice(0, 300)}`;
}

/** A folder of the orders library for the uploads. */
export async function createCategory(running: ServerProcess, token: string, name: string): Promise<number> {
  const answer = await call(running, 'POST', `/api/${LIBRARY}/categories`, { token, json: { name } });
  if (answer.status !== 201)
    throw new Error(`the category was not created (${answer.status}): ${answer.body.toString().slice(0, 300)}`);
  return answer.json<{ data: { category: { id: number } } }>().data.category.id;
}
