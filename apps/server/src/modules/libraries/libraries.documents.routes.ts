import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LIBRARY_PERMISSIONS,
  ZCreateDocumentRequest,
  ZDocumentIdParams,
  ZDocumentListQuery,
  ZDocumentListResponse,
  ZMessageResponse,
  ZUpdateDocumentFields,
  ZUpdateDocumentRequest,
} from '@srpf/shared';
import { currentUser } from '../../lib/access.js';
import type { FileStorage } from '../../lib/storage.js';
import { BEARER, errorResponses, parseOrFail } from '../../lib/validation.js';
import type { DocumentsService } from './libraries.documents.service.js';
import type { LibraryInfo } from './libraries.library.js';
import { documentAnswer, ZDocumentAnswer } from './libraries.answers.js';
import { readDocumentForm } from '../../lib/pdf-upload.js';

const errors = errorResponses(400, 401, 403, 404, 409);

/** List, read, create (JSON, no file), update (JSON, or multipart with a new PDF) and delete. */
export const documentRoutes =
  (storage: FileStorage, info: LibraryInfo, documents: DocumentsService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = [info.library];
    const Record = ZDocumentAnswer(info);

    app.get(
      '/',
      {
        config: { access: 'signed_in', cacheAnswer: true },
        schema: {
          tags,
          security: BEARER,
          querystring: ZDocumentListQuery,
          response: { 200: ZDocumentListResponse, ...errors },
        },
      },
      async (request) => {
        const { documents: data, pagination } = await documents.list(currentUser(request), request.query);
        return { success: true as const, data, pagination };
      },
    );

    app.get(
      '/:id',
      {
        config: { access: 'signed_in' },
        schema: { tags, security: BEARER, params: ZDocumentIdParams, response: { 200: Record, ...errors } },
      },
      async (request) => documentAnswer(info, await documents.detail(currentUser(request), request.params.id)),
    );

    app.post(
      '/',
      {
        config: { access: LIBRARY_PERMISSIONS.create },
        schema: {
          tags,
          security: BEARER,
          description:
            'Creates a document without a PDF: it starts pending with file_url null; a PDF is attached later with a multipart PUT.',
          body: ZCreateDocumentRequest,
          response: { 201: Record, ...errors },
        },
      },
      async (request, reply) => {
        const document = await documents.create(currentUser(request), request.body, request.ip);
        return reply.code(201).send(documentAnswer(info, document, `${info.label} created successfully`));
      },
    );

    app.put(
      '/:id',
      {
        config: { access: LIBRARY_PERMISSIONS.update },
        schema: {
          tags,
          security: BEARER,
          consumes: ['application/json', 'multipart/form-data'],
          description:
            'JSON (ZUpdateDocumentRequest): changes the fields sent. multipart/form-data (ZUpdateDocumentFields): the same fields as text, and an optional PDF in pdf_file that attaches a file or replaces the previous one (413 past 10 MB, 415 if not a PDF).',
          params: ZDocumentIdParams,
          response: { 200: Record, ...errors, ...errorResponses(413, 415) },
        },
      },
      async (request) => {
        const actor = currentUser(request);
        if (!request.isMultipart()) {
          const changes = parseOrFail(ZUpdateDocumentRequest, request.body ?? {});
          return documentAnswer(
            info,
            await documents.update(actor, request.params.id, changes, request.ip),
            `${info.label} updated successfully`,
          );
        }
        const form = await readDocumentForm(request, storage);
        try {
          const changes = parseOrFail(ZUpdateDocumentFields, form.fields);
          return documentAnswer(
            info,
            await documents.update(actor, request.params.id, changes, request.ip, form.file),
            `${info.label} updated successfully`,
          );
        } catch (error) {
          if (form.file) await storage.discard(form.file.key);
          throw error;
        }
      },
    );

    app.delete(
      '/:id',
      {
        config: { access: LIBRARY_PERMISSIONS.delete },
        schema: { tags, security: BEARER, params: ZDocumentIdParams, response: { 200: ZMessageResponse, ...errors } },
      },
      async (request) => {
        await documents.remove(currentUser(request), request.params.id, request.ip);
        return { success: true as const, message: `${info.label} deleted successfully` };
      },
    );
  };
