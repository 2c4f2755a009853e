import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZMessagingSettingsResponse, ZMessagingSettingsUpdate } from '@srpf/shared';
import { currentUser } from '../../lib/access.js';
import { BEARER, errorResponses } from '../../lib/validation.js';
import type { MessagingSettingsService } from './whatsapp.settings.service.js';

const tags = ['whatsapp'];

/** /api/whatsapp/settings: the messaging overview's Settings panel. */
export const whatsappSettingsRoutes =
  (settings: MessagingSettingsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/settings',
      {
        config: { access: 'send_whatsapp' },
        schema: {
          tags,
          security: BEARER,
          description:
            'Where messages go (`outbox`: nothing is delivered to anyone; `cloud`: its phone number id, never a token or secret), the last webhook, the queue’s pause, the self-service switch, and the account’s billable messages by month and pricing category (this month and the two before).',
          response: { 200: ZMessagingSettingsResponse, ...errorResponses(401, 403) },
        },
      },
      async (request) => ({ success: true as const, data: await settings.read(currentUser(request)) }),
    );

    app.put(
      '/settings',
      {
        config: { access: 'send_whatsapp' },
        schema: {
          tags,
          security: BEARER,
          description: 'Administrators: switches WhatsApp self-service on or off (audited).',
          body: ZMessagingSettingsUpdate,
          response: { 200: ZMessagingSettingsResponse, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await settings.update(currentUser(request), request.body, request.ip),
      }),
    );
  };
