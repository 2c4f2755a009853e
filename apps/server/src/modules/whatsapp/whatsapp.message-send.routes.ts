import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZWhatsappMessageSendRequest, ZWhatsappMessageSendResponse } from '@srpf/shared';
import { currentUser } from '../../lib/access.js';
import { BEARER, errorResponses } from '../../lib/validation.js';
import type { MessageSendService } from './whatsapp.message-send.service.js';

/** POST /api/whatsapp/send: New Message, a free-form text to one person inside their 24-hour window. */
export const whatsappMessageSendRoutes =
  (service: MessageSendService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/send',
      {
        config: { access: 'send_whatsapp' },
        schema: {
          tags: ['whatsapp'],
          security: BEARER,
          description:
            'Queues a free-form text (1–1,000 characters) to one person: active, WhatsApp switched on, a verified number, and a message of theirs within the last 24 hours (409 `whatsapp.window_closed` otherwise: only an approved template may go). 404 for a person outside the caller’s companies. With the outbox provider nothing is delivered to anyone (`outbox: true`).',
          body: ZWhatsappMessageSendRequest,
          response: { 201: ZWhatsappMessageSendResponse, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        const answer = await service.send(currentUser(request), request.body, request.ip);
        return reply.code(201).send(answer);
      },
    );
  };
