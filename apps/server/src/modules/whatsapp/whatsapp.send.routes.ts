import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  WHATSAPP_BULK_SEND_MAX,
  ZBulkSendRequest,
  ZPayslipDeliveryResponse,
  ZPayslipIdParams,
  ZWhatsappSendResponse,
} from '@srpf/shared';
import { currentUser } from '../../lib/access.js';
import { BEARER, errorResponses } from '../../lib/validation.js';
import type { WhatsappQueueService } from './whatsapp.queue.service.js';
import type { WhatsappSendService } from './whatsapp.send.service.js';

const tags = ['payslips'];
const errors = errorResponses(400, 401, 403, 404);

/** /api/payslips: sending slips over WhatsApp (one, or many), and settling one whose outcome is unknown. */
export const whatsappSendRoutes =
  (sending: WhatsappSendService, queue: WhatsappQueueService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/:id/send',
      {
        config: { access: 'manage_payslips' },
        schema: {
          tags,
          security: BEARER,
          description:
            'Queues the slip for WhatsApp (its person’s number and language), or says why not (`skipped`). Also resends a failed slip or one that needs a check. 404 for a slip outside the caller’s companies. With the outbox provider nothing is delivered to anyone (`provider`, `message`).',
          params: ZPayslipIdParams,
          response: { 200: ZWhatsappSendResponse, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await sending.send(currentUser(request), [request.params.id], request.ip),
      }),
    );

    app.post(
      '/bulk-send',
      {
        config: { access: 'manage_payslips' },
        schema: {
          tags,
          security: BEARER,
          description: `Queues up to ${WHATSAPP_BULK_SEND_MAX} slips for WhatsApp in one transaction (duplicates once); each one not queued is listed in \`skipped\` with its reason. One id outside the caller’s companies: 404, nothing queued.`,
          body: ZBulkSendRequest,
          response: { 200: ZWhatsappSendResponse, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await sending.send(currentUser(request), request.body.payslip_ids, request.ip),
      }),
    );

    app.post(
      '/:id/mark-sent',
      {
        config: { access: 'manage_payslips' },
        schema: {
          tags,
          security: BEARER,
          description:
            'Settles a slip whose delivery needs a check (the worker stopped after handing it over and no report came) as sent, once the person confirms they have it. 409 from any other status.',
          params: ZPayslipIdParams,
          response: { 200: ZPayslipDeliveryResponse, ...errors, ...errorResponses(409) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await queue.markSent(currentUser(request), request.params.id, request.ip),
      }),
    );
  };
