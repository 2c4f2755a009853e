import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZWhatsappQueueResponse } from '@srpf/shared';
import { currentUser } from '../../lib/access.js';
import { BEARER, errorResponses } from '../../lib/validation.js';
import type { WhatsappQueueService } from './whatsapp.queue.service.js';

const tags = ['whatsapp'];
const errors = errorResponses(401, 403);

/** /api/whatsapp/queue: what the queue is doing, and its resume after a pause. */
export const whatsappQueueRoutes =
  (queue: WhatsappQueueService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/queue',
      {
        config: { access: 'manage_payslips' },
        schema: {
          tags,
          security: BEARER,
          description:
            'The WhatsApp queue: the provider (`outbox`: nothing is delivered to anyone), a pause and its reason, the slips waiting (for the daily messaging limit: how many and until when) and those needing a check.',
          response: { 200: ZWhatsappQueueResponse, ...errors },
        },
      },
      async (request) => ({ success: true as const, data: await queue.state(currentUser(request)) }),
    );

    app.post(
      '/queue/resume',
      {
        config: { access: 'signed_in' },
        schema: {
          tags,
          security: BEARER,
          description:
            'Administrators: resumes a paused queue once its cause is fixed; every queued slip is sent again. 409 when the queue is not paused.',
          response: { 200: ZWhatsappQueueResponse, ...errors, ...errorResponses(409) },
        },
      },
      async (request) => ({ success: true as const, data: await queue.resume(currentUser(request), request.ip) }),
    );
  };
