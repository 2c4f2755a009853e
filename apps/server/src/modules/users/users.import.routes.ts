import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IMPORT_FILE_MAX_BYTES, ZImportUsersFields, ZImportUsersResponse } from '@srpf/shared';
import { currentUser } from '../../lib/access.js';
import { formParts } from '../../lib/form-parts.js';
import { AppError } from '../../lib/errors.js';
import { BEARER, errorResponses, invalidField, parseOrFail } from '../../lib/validation.js';
import { readUserCsv, type CsvUserRecord } from './users.csv.js';
import type { UserImportService } from './users.import.service.js';

const CSV_TYPES = new Set([
  'text/csv',
  'application/csv',
  'text/x-csv',
  'application/vnd.ms-excel',
  'text/plain',
  'text/comma-separated-values',
]);
const FILE_TOO_LARGE = `The CSV file is too large. The largest file accepted is ${IMPORT_FILE_MAX_BYTES / (1024 * 1024)} MB.`;

/** A 400 on the import's file part. */
const fileProblem = (
  reason: 'users.import_not_csv' | 'users.import_no_file' | 'upload.not_multipart' | 'upload.unreadable',
  message: string,
) => invalidField('file', reason, {}, message);
const fileTooLarge = () =>
  new AppError('users.import_file_too_large', { megabytes: IMPORT_FILE_MAX_BYTES / (1024 * 1024) }, FILE_TOO_LARGE);

function isCsv(fileName: string, mimeType: string): boolean {
  return fileName.toLowerCase().endsWith('.csv') || CSV_TYPES.has(mimeType.toLowerCase());
}

/**
 * Reads the multipart request: the CSV (field `file`) is parsed while it streams in; the other fields
 * may come before or after it. Parts the import does not use are drained, so parsing goes on to the
 * end of the request; a broken or cut-short body is a 400, never a hanging request or a 500.
 */
async function readUpload(
  request: FastifyRequest,
): Promise<{ records: CsvUserRecord[]; fileName: string; fields: Record<string, string> }> {
  if (!request.isMultipart())
    throw fileProblem('upload.not_multipart', 'Send the CSV file as multipart/form-data in the field "file"');
  const fields: Record<string, string> = {};
  let upload: { records: CsvUserRecord[]; fileName: string } | null = null;
  let problem: Error | null = null;
  try {
    for await (const part of formParts(request, () =>
      fileProblem('upload.unreadable', 'The upload is incomplete or is not a valid multipart form'),
    )) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file' || problem) {
        part.file.resume();
        continue;
      }
      if (!isCsv(part.filename, part.mimetype)) {
        part.file.resume();
        problem = fileProblem('users.import_not_csv', 'Please select a valid CSV file');
        continue;
      }
      try {
        upload = { records: await readUserCsv(part.file), fileName: part.filename };
      } catch (error) {
        problem = error instanceof Error ? error : new Error(String(error));
        part.file.resume();
      }
      // A file cut off at the size limit may still parse; it must never be imported in part.
      if (part.file.truncated) problem = fileTooLarge();
    }
  } catch (error) {
    const { code, statusCode } = error as { code?: string; statusCode?: number };
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
    if (error instanceof AppError || (statusCode !== undefined && statusCode < 500)) throw error;
    // The multipart parser's own failures (a body cut short, a broken part) are the client's.
    throw problem ?? fileProblem('upload.unreadable', 'The upload is incomplete or is not a valid multipart form');
  }
  if (problem) throw problem;
  if (!upload) throw fileProblem('users.import_no_file', 'Please select a CSV file first');
  return { ...upload, fields };
}

/** POST /api/users/import: the whole CSV in one request (manage_users). */
export const userImportRoutes =
  (importer: UserImportService): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: IMPORT_FILE_MAX_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
    });

    app.post(
      '/import',
      {
        config: { access: 'manage_users' },
        schema: {
          tags: ['users'],
          security: BEARER,
          consumes: ['multipart/form-data'],
          description:
            'Multipart form: the CSV under `file`, plus `company_id` (required) and `role` (default viewer).',
          response: { 200: ZImportUsersResponse, ...errorResponses(400, 401, 403, 413, 415) },
        },
      },
      async (request) => {
        const actor = currentUser(request);
        const upload = await readUpload(request);
        const fields = parseOrFail(ZImportUsersFields, upload.fields);
        const data = await importer.importUsers(
          actor,
          { records: upload.records, fileName: upload.fileName, ...fields },
          request.ip,
        );
        const message = `${data.created} created, ${data.failed} failed, ${data.skipped} skipped`;
        return { success: true as const, message, data };
      },
    );
  };
