import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiDocument, type TApiDocument } from '@srpf/shared';
import { BEARER, errorResponses } from '../../lib/validation.js';

/**
 * The API document for administrators (the admin page renders it). In production /api/docs and its
 * viewer are served only with API_DOCS=public; this route answers in every environment.
 */
export const apiDocsRoutes = (): FastifyPluginAsyncZod => async (app) => {
  app.get(
    '/openapi.json',
    {
      config: { access: 'manage_users' },
      schema: {
        tags: ['admin'],
        summary: 'The OpenAPI document of this API (administrators)',
        security: BEARER,
        response: { 200: ZApiDocument, ...errorResponses(401, 403) },
      },
    },
    async (request) => request.server.swagger() as unknown as TApiDocument,
  );
};
