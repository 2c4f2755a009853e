import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZDocumentIdParams, ZErrorResponse } from '@srpf/shared';
import type { AppContext } from '../../app.js';
import { currentUser } from '../../lib/access.js';
import { documentAnswer, ZDocumentAnswer } from './libraries.answers.js';
import type { LibraryInfo } from './libraries.library.js';
import type { createReviewService } from './libraries.review.service.js';

const security = [{ bearer: [] }];
const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse };

/** Approve and reject (orders), acknowledge (circulars and government decisions). */
export const reviewRoutes =
  (_context: AppContext, info: LibraryInfo, review: ReturnType<typeof createReviewService>): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = [info.library];
    const Record = ZDocumentAnswer(info);
    const schema = { tags, security, params: ZDocumentIdParams, response: { 200: Record, ...errors } };

    if (info.approved) {
      app.post('/:id/approve', { config: { access: 'approve_orders' }, schema }, async (request) =>
        documentAnswer(info, await review.approve(currentUser(request), request.params.id, request.ip), `${info.label} approved`),
      );
      app.post('/:id/reject', { config: { access: 'reject_orders' }, schema }, async (request) =>
        documentAnswer(info, await review.reject(currentUser(request), request.params.id, request.ip), `${info.label} rejected`),
      );
    }

    if (info.acknowledged) {
      app.post('/:id/acknowledge', { config: { access: 'signed_in' }, schema }, async (request) => {
        const { created, document } = await review.acknowledge(currentUser(request), request.params.id, request.ip);
        return documentAnswer(info, document, created ? `${info.label} acknowledged` : `You have already acknowledged this ${info.label.toLowerCase()}`);
      });
    }
  };
