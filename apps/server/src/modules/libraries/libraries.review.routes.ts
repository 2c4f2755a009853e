import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZDocumentIdParams, ZReviewRequest } from '@srpf/shared';
import { currentUser } from '../../lib/access.js';
import { BEARER, errorResponses } from '../../lib/validation.js';
import { documentAnswer, ZDocumentAnswer } from './libraries.answers.js';
import type { LibraryInfo } from './libraries.library.js';
import type { ReviewService } from './libraries.review.service.js';

const errors = errorResponses(400, 401, 403, 404, 409);

/** Approve and reject (orders), acknowledge (circulars and government decisions). */
export const reviewRoutes =
  (info: LibraryInfo, review: ReviewService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = [info.library];
    const Record = ZDocumentAnswer(info);
    const schema = {
      tags,
      security: BEARER,
      params: ZDocumentIdParams,
      body: ZReviewRequest,
      response: { 200: Record, ...errors },
    };

    if (info.approved) {
      app.post('/:id/approve', { config: { access: 'approve_orders' }, schema }, async (request) =>
        documentAnswer(
          info,
          await review.approve(currentUser(request), request.params.id, request.ip, request.body?.version),
          `${info.label} approved`,
        ),
      );
      app.post('/:id/reject', { config: { access: 'reject_orders' }, schema }, async (request) =>
        documentAnswer(
          info,
          await review.reject(currentUser(request), request.params.id, request.ip, request.body?.version),
          `${info.label} rejected`,
        ),
      );
    }

    if (info.acknowledged) {
      app.post('/:id/acknowledge', { config: { access: 'signed_in' }, schema }, async (request) => {
        const { created, document } = await review.acknowledge(
          currentUser(request),
          request.params.id,
          request.ip,
          request.body?.version,
        );
        return documentAnswer(
          info,
          document,
          created ? `${info.label} acknowledged` : `You have already acknowledged this ${info.label.toLowerCase()}`,
        );
      });
    }
  };
