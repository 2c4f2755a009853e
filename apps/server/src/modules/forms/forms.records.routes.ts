import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FORM_PERMISSIONS,
  ZFormDeleteResponse,
  ZFormDownloadResponse,
  ZFormFileQuery,
  ZFormIdParams,
  ZFormListQuery,
  ZFormListResponse,
  ZFormResponse,
  ZFormStatsResponse,
  ZFormUpdateRequest,
  ZFormUploadFields,
} from '@srpf/shared';
import { currentUser } from '../../lib/access.js';
import type { FileStorage } from '../../lib/storage.js';
import { BEARER, errorResponses, invalidField, parseOrFail } from '../../lib/validation.js';
import { pdfDownloadHeaders } from '../../lib/file-names.js';
import { readDocumentForm } from '../../lib/pdf-upload.js';
import { FORM_FILE_NAME_STEM } from './forms.downloads.js';
import type { FormsService } from './forms.service.js';

/** The upload's file part (section 7: the PDF under `file`). */
const FILE_FIELD = 'file';

const tags = ['forms'];
const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * The forms of the library under /api/forms: lists, upload (multipart), read, metadata update,
 * delete to the trash, stats, and the signed download with the file it opens.
 */
export const formRecordRoutes =
  (forms: FormsService, storage: FileStorage): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/',
      {
        config: { access: 'signed_in', cacheAnswer: true },
        schema: {
          tags,
          security: BEARER,
          description: 'Forms the caller may see, newest first (a search ranks whole-word matches first).',
          querystring: ZFormListQuery,
          response: { 200: ZFormListResponse, ...errors },
        },
      },
      async (request) => {
        const { forms: data, pagination } = await forms.list(currentUser(request), request.query, 'newest');
        return { success: true as const, data, pagination };
      },
    );

    app.get(
      '/hierarchical',
      {
        config: { access: 'signed_in', cacheAnswer: true },
        schema: {
          tags,
          security: BEARER,
          description:
            'The same list in folder order: category, subcategory and sub-subcategory by sort order and name, then title; uncategorised forms last.',
          querystring: ZFormListQuery,
          response: { 200: ZFormListResponse, ...errors },
        },
      },
      async (request) => {
        const { forms: data, pagination } = await forms.list(currentUser(request), request.query, 'folders');
        return { success: true as const, data, pagination };
      },
    );

    app.post(
      '/',
      {
        config: { access: FORM_PERMISSIONS.upload },
        schema: {
          tags,
          security: BEARER,
          consumes: ['multipart/form-data'],
          description:
            'multipart/form-data: the PDF in `file` (required; at most 10 MB; must start with %PDF-), and the text fields title (or formName), category, language, isPublic, categoryId, subcategoryId, subSubcategoryId (ZFormUploadFields). The deepest folder given places the form; those above it must be its parents.',
          response: { 201: ZFormResponse, ...errors, ...errorResponses(413, 415) },
        },
      },
      async (request, reply) => {
        const actor = currentUser(request);
        const form = await readDocumentForm(request, storage, FILE_FIELD);
        try {
          const input = parseOrFail(ZFormUploadFields, form.fields);
          if (!form.file) throw invalidField(FILE_FIELD, 'upload.no_file', {}, 'Please select a PDF file');
          const created = await forms.create(actor, input, request.ip, form.file);
          return reply
            .code(201)
            .send({ success: true as const, message: 'Form created successfully', data: { form: created } });
        } catch (error) {
          // Never a file without its row: the service discards what it was given; this covers what failed before.
          if (form.file) await storage.discard(form.file.key);
          throw error;
        }
      },
    );

    app.get(
      '/:id',
      {
        config: { access: 'signed_in' },
        schema: { tags, security: BEARER, params: ZFormIdParams, response: { 200: ZFormResponse, ...errors } },
      },
      async (request) => ({
        success: true as const,
        data: { form: await forms.get(currentUser(request), request.params.id) },
      }),
    );

    app.put(
      '/:id',
      {
        // Who may edit is the policy's, on the locked row: the uploader, or anyone holding manage_forms.
        config: { access: 'signed_in' },
        schema: {
          tags,
          security: BEARER,
          description: 'Changes the metadata sent; the file cannot change.',
          params: ZFormIdParams,
          body: ZFormUpdateRequest,
          response: { 200: ZFormResponse, ...errors },
        },
      },
      async (request) => {
        const form = await forms.update(currentUser(request), request.params.id, request.body, request.ip);
        return { success: true as const, message: 'Form updated successfully', data: { form } };
      },
    );

    app.delete(
      '/:id',
      {
        config: { access: FORM_PERMISSIONS.delete },
        schema: {
          tags,
          security: BEARER,
          description: 'Moves the form to the trash.',
          params: ZFormIdParams,
          response: { 200: ZFormDeleteResponse, ...errors },
        },
      },
      async (request) => {
        await forms.remove(currentUser(request), request.params.id, request.ip);
        return { success: true as const, message: 'Form deleted successfully' };
      },
    );

    app.get(
      '/:id/stats',
      {
        config: { access: 'signed_in' },
        schema: {
          tags,
          security: BEARER,
          description: 'Downloads of the form: the admin roles only.',
          params: ZFormIdParams,
          response: { 200: ZFormStatsResponse, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: { stats: await forms.stats(currentUser(request), request.params.id) },
      }),
    );

    app.get(
      '/:id/download',
      {
        config: { access: 'signed_in' },
        schema: {
          tags,
          security: BEARER,
          description:
            'A signed address of the PDF (GET /api/forms/{id}/file?token=), valid about a minute, that opens without a bearer header; each one is a download counted.',
          params: ZFormIdParams,
          response: { 200: ZFormDownloadResponse, ...errors },
        },
      },
      async (request) => {
        const { url, expiresAt } = await forms.download(currentUser(request), request.params.id, request.ip);
        return { success: true as const, url, data: { url, expiresAt } };
      },
    );

    app.get(
      '/:id/file',
      {
        // Opened in a new browser tab, which sends no bearer header: the signed token is the credential.
        config: { access: 'public' },
        schema: {
          tags,
          description:
            'The PDF behind a signed address from GET /api/forms/{id}/download, shown inline in the tab that opened it.',
          produces: ['application/pdf'],
          params: ZFormIdParams,
          querystring: ZFormFileQuery,
          response: {
            200: z.unknown().describe('The PDF (application/pdf), streamed'),
            ...errorResponses(400, 403, 404),
          },
        },
      },
      async (request, reply) => {
        const file = await forms.file(request.params.id, request.query.token);
        // inline: the signed address is opened in a new tab (section 7), where the PDF shows under its name.
        return reply.headers(pdfDownloadHeaders(file, FORM_FILE_NAME_STEM, 'inline')).send(file.stream);
      },
    );
  };
