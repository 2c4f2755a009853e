import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LIBRARY_PERMISSIONS,
  ZCreateDocumentRequest,
  ZDocumentIdParams,
  ZDocumentListQuery,
  ZDocumentListResponse,
  ZErrorResponse,
  ZMessageResponse,
  ZUpdateDocumentFields,
  ZUpdateDocumentRequest,
} from '@srpf/shared';
import type { AppContext } from '../../app.js';
import { currentUser } from '../../lib/access.js';
import type { DocumentsService } from './libraries.documents.service.js';
import type { LibraryInfo } from './libraries.library.js';
import { documentAnswer, ZDocumentAnswer } from './libraries.answers.js';
import { readDocumentForm } from './libraries.upload.js';
import { parseOrFail } from './libraries.validation.js';

const security = [{ bearer: [] }];
const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse };

/** List, read, create (JSON, no file), update (JSON, or multipart with a new PDF) and delete. */
export const documentRoutes =
  (context: AppContext, info: LibraryInfo, documents: DocumentsService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = [info.library];
    const Record = ZDocumentAnswer(info);

    app.get(
      '/',
      { config: { access: 'signed_in', cacheAnswer: true }, schema: { tags, security, querystring: ZDocumentListQuery, response: { 200: ZDocumentListResponse, ...errors } } },
      async (request) => {
        const { documents: data, pagination } = await documents.list(currentUser(request), request.query);
        return { success: true as const, data, pagination };
      },
    );

    app.get(
      '/:id',
      { config: { access: 'signed_in' }, schema: { tags, security, params: ZDocumentIdParams, response: { 200: Record, ...errors } } },
      async (request) => documentAnswer(info, await documents.detail(currentUser(request), request.params.id)),
    );

    app.post(
      '/',
      {
        config: { access: LIBRARY_PERMISSIONS.create },
        schema: {
          tags,
          security,
          description: 'Creates a document without a PDF: it starts pending with file_url null; a PDF is attached later with a multipart PUT.',
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
          security,
          consumes: ['application/json', 'multipart/form-data'],
          description:
            'JSON (ZUpdateDocumentRequest): changes the fields sent. multipart/form-data (ZUpdateDocumentFields): the same fields as text, and an optional PDF in pdf_file that attaches a file or replaces the previous one (413 past 10 MB, 415 if not a PDF).',
          params: ZDocumentIdParams,
          response: { 200: Record, ...errors, 413: ZErrorResponse, 415: ZErrorResponse },
        },
      },
      async (request) => {
        const actor = currentUser(request);
        if (!request.isMultipart()) {
          const changes = parseOrFail(ZUpdateDocumentRequest, request.body ?? {});
          return documentAnswer(info, await documents.update(actor, request.params.id, changes, request.ip), `${info.label} updated successfully`);
        }
        const form = await readDocumentForm(request, context.storage);
        try {
          const changes = parseOrFail(ZUpdateDocumentFields, form.fields);
          return documentAnswer(info, await documents.update(actor, request.params.id, changes, request.ip, form.file), `${info.label} updated successfully`);
        } catch (error) {
          if (form.file) await context.storage.discard(form.file.key);
          throw error;
        }
      },
    );

    app.delete(
      '/:id',
      { config: { access: LIBRARY_PERMISSIONS.delete }, schema: { tags, security, params: ZDocumentIdParams, response: { 200: ZMessageResponse, ...errors } } },
      async (request) => {
        await documents.remove(currentUser(request), request.params.id, request.ip);
        return { success: true as const, message: `${info.label} deleted successfully` };
      },
    );
  };
