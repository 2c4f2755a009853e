import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZMessagesExportQuery,
  ZMessagesQuery,
  ZMessagesResponse,
  ZMessagingStatsQuery,
  ZMessagingStatsResponse,
} from '@srpf/shared';
import { currentUser } from '../../lib/access.js';
import { BEARER, errorResponses } from '../../lib/validation.js';
import type { MessagingService } from './whatsapp.messaging.service.js';

const tags = ['whatsapp'];
const errors = errorResponses(400, 401, 403);

/** /api/whatsapp/stats, /messages and /messages/export: the messaging overview (spec 2.15), send_whatsapp. */
export const whatsappMessagingRoutes =
  (messaging: MessagingService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/stats',
      {
        config: { access: 'send_whatsapp' },
        schema: {
          tags,
          security: BEARER,
          description:
            'The messaging figures of the last `days` days (1–90, default 30): messages sent and received, failed, distinct numbers, and the share of inbound messages answered within 24 hours (percent). Scoped to the people of the actor’s companies; messages of numbers of nobody count for administrators only.',
          querystring: ZMessagingStatsQuery,
          response: { 200: ZMessagingStatsResponse, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: { stats: await messaging.stats(currentUser(request), request.query.days) },
      }),
    );

    app.get(
      '/messages',
      {
        config: { access: 'send_whatsapp' },
        schema: {
          tags,
          security: BEARER,
          description:
            'Messages in and out, newest first (ids `in-…`, `out-…`), searchable by name, number or text; filtered by status and direction. Same scope as the stats. A verification code’s text is never shown.',
          querystring: ZMessagesQuery,
          response: { 200: ZMessagesResponse, ...errors },
        },
      },
      async (request) => ({ success: true as const, ...(await messaging.list(currentUser(request), request.query)) }),
    );

    app.get(
      '/messages/export',
      {
        config: { access: 'send_whatsapp' },
        schema: {
          tags,
          security: BEARER,
          description:
            'The messages of the same filters (and of the last `days` days when given) as CSV (UTF-8 with a BOM; cells a spreadsheet would run as a formula start with an apostrophe), at most 50,000 rows, streamed as an attachment. Audited (whatsapp.export).',
          produces: ['text/csv'],
          querystring: ZMessagesExportQuery,
          response: { 200: z.unknown().describe('The CSV file (text/csv), streamed'), ...errors },
        },
      },
      async (request, reply) => {
        const file = messaging.prepareExport(currentUser(request), request.query, request.ip);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .send(Readable.from(file.rows()));
      },
    );
  };
