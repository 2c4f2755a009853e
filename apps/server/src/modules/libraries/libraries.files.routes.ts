import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIBRARY_PERMISSIONS, ZDocumentIdParams, ZDocumentVersionParams, ZUploadDocumentFields } from '@srpf/shared';
import { currentUser } from '../../lib/access.js';
import type { FileStorage } from '../../lib/storage.js';
import { BEARER, errorResponses, invalidField, parseOrFail } from '../../lib/validation.js';
import { documentAnswer, ZDocumentAnswer } from './libraries.answers.js';
import type { DocumentsService } from './libraries.documents.service.js';
import { pdfDownloadHeaders } from '../../lib/file-names.js';
import type { LibraryInfo } from './libraries.library.js';
import { FILE_FIELD, readDocumentForm } from '../../lib/pdf-upload.js';

const errors = errorResponses(400, 401, 403, 404, 409, 413, 415);

/** POST /upload (a document with its PDF, multipart) and GET /{id}/file (the PDF, to any signed-in user). */
export const fileRoutes =
  (storage: FileStorage, info: LibraryInfo, documents: DocumentsService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = [info.library];

    app.post(
      '/upload',
      {
        config: { access: LIBRARY_PERMISSIONS.create },
        schema: {
          tags,
          security: BEARER,
          consumes: ['multipart/form-data'],
          description:
            'multipart/form-data: the PDF in pdf_file (required; at most 10 MB; must start with %PDF-), and the text fields title, effective_date, slug, category_id, subcategory_id, description, content, tags (comma separated), is_mandatory, priority, dueDate, assignee_id (ZUploadDocumentFields).',
          response: { 201: ZDocumentAnswer(info), ...errors },
        },
      },
      async (request, reply) => {
        const actor = currentUser(request);
        const form = await readDocumentForm(request, storage);
        try {
          const input = parseOrFail(ZUploadDocumentFields, form.fields);
          if (!form.file) throw invalidField(FILE_FIELD, 'upload.no_file', {}, 'Please select a PDF file');
          const document = await documents.create(actor, input, request.ip, form.file);
          return reply.code(201).send(documentAnswer(info, document, `${info.label} uploaded successfully`));
        } catch (error) {
          if (form.file) await storage.discard(form.file.key);
          throw error;
        }
      },
    );

    const sendPdf = (reply: FastifyReply, file: Awaited<ReturnType<DocumentsService['file']>>) =>
      reply.headers(pdfDownloadHeaders(file, info.defaultFileName)).send(file.stream);

    app.get(
      '/:id/file',
      {
        config: { access: 'signed_in' },
        schema: {
          tags,
          security: BEARER,
          description: 'The current PDF, streamed as an attachment.',
          produces: ['application/pdf'],
          params: ZDocumentIdParams,
          response: {
            200: z.unknown().describe('The PDF (application/pdf), streamed'),
            ...errorResponses(400, 401, 404),
          },
        },
      },
      async (request, reply) =>
        sendPdf(reply, await documents.file(currentUser(request), request.params.id, request.ip)),
    );

    app.get(
      '/:id/versions/:version/file',
      {
        config: { access: 'signed_in' },
        schema: {
          tags,
          security: BEARER,
          description:
            'The PDF of one version (an earlier one is kept when a file is replaced), streamed as an attachment.',
          produces: ['application/pdf'],
          params: ZDocumentVersionParams,
          response: {
            200: z.unknown().describe('The PDF (application/pdf), streamed'),
            ...errorResponses(400, 401, 404),
          },
        },
      },
      async (request, reply) =>
        sendPdf(
          reply,
          await documents.file(currentUser(request), request.params.id, request.ip, request.params.version),
        ),
    );
  };
