import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCampaignAudienceResponse,
  ZCampaignIdParams,
  ZCampaignListQuery,
  ZCampaignListResponse,
  ZCampaignRequest,
  ZCampaignResponse,
  ZCampaignScheduleRequest,
  ZCampaignSendResponse,
  ZMessageResponse,
  ZWhatsappTemplatesResponse,
} from '@srpf/shared';
import { currentUser } from '../../lib/access.js';
import { BEARER, errorResponses } from '../../lib/validation.js';
import type { CampaignsService } from './whatsapp.campaigns.service.js';

const tags = ['whatsapp'];
const errors = errorResponses(400, 401, 403, 404, 409);
const access = { access: 'send_whatsapp' } as const;

/** /api/whatsapp/templates and /api/whatsapp/campaigns: broadcast campaigns to the people who agreed to notices (send_whatsapp). */
export const whatsappCampaignRoutes =
  (campaigns: CampaignsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/templates',
      {
        config: access,
        schema: {
          tags,
          security: BEARER,
          description:
            'The approved message templates campaigns may use, each with its languages, body and parameter count. `outbox`: the product’s own `srpf_notice`; `cloud` without WHATSAPP_BUSINESS_ACCOUNT_ID: none (`unavailable`).',
          response: { 200: ZWhatsappTemplatesResponse, ...errors },
        },
      },
      async (request) => ({ success: true as const, data: await campaigns.templates(currentUser(request)) }),
    );

    app.get(
      '/campaigns',
      {
        config: access,
        schema: {
          tags,
          security: BEARER,
          description: 'Broadcast campaigns of the actor’s companies, newest first, with their delivery counts.',
          querystring: ZCampaignListQuery,
          response: { 200: ZCampaignListResponse, ...errors },
        },
      },
      async (request) => {
        const { campaigns: data, pagination } = await campaigns.list(currentUser(request), request.query);
        return { success: true as const, data, pagination };
      },
    );

    app.post(
      '/campaigns',
      {
        config: access,
        schema: {
          tags,
          security: BEARER,
          description:
            'A draft: an approved template with exactly its parameters, for one company’s people (or every company’s: administrators).',
          body: ZCampaignRequest,
          response: { 201: ZCampaignResponse, ...errors },
        },
      },
      async (request, reply) => {
        const campaign = await campaigns.create(currentUser(request), request.body, request.ip);
        return reply.code(201).send({ success: true as const, data: { campaign } });
      },
    );

    app.get(
      '/campaigns/:id',
      {
        config: access,
        schema: { tags, security: BEARER, params: ZCampaignIdParams, response: { 200: ZCampaignResponse, ...errors } },
      },
      async (request) => ({
        success: true as const,
        data: { campaign: await campaigns.get(currentUser(request), request.params.id) },
      }),
    );

    app.get(
      '/campaigns/:id/audience',
      {
        config: access,
        schema: {
          tags,
          security: BEARER,
          description:
            'How many people the campaign would go to now (the Send confirmation), and how many would wait for the daily limit.',
          params: ZCampaignIdParams,
          response: { 200: ZCampaignAudienceResponse, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await campaigns.audience(currentUser(request), request.params.id),
      }),
    );

    app.put(
      '/campaigns/:id',
      {
        config: access,
        schema: {
          tags,
          security: BEARER,
          description: 'Changes a draft or scheduled campaign (409 once sent).',
          params: ZCampaignIdParams,
          body: ZCampaignRequest,
          response: { 200: ZCampaignResponse, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: {
          campaign: await campaigns.update(currentUser(request), request.params.id, request.body, request.ip),
        },
      }),
    );

    app.delete(
      '/campaigns/:id',
      {
        config: access,
        schema: {
          tags,
          security: BEARER,
          description: 'Deletes a draft (409 otherwise: cancel a scheduled one first).',
          params: ZCampaignIdParams,
          response: { 200: ZMessageResponse, ...errors },
        },
      },
      async (request) => {
        await campaigns.remove(currentUser(request), request.params.id, request.ip);
        return { success: true as const, message: 'Campaign deleted' };
      },
    );

    app.post(
      '/campaigns/:id/send',
      {
        config: access,
        schema: {
          tags,
          security: BEARER,
          description:
            'Queues one template message to each person of the audience (agreed to notices, verified number); 409 once sent or when nobody would get it. The answer says how many wait for the daily messaging limit.',
          params: ZCampaignIdParams,
          response: { 200: ZCampaignSendResponse, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await campaigns.send(currentUser(request), request.params.id, request.ip),
      }),
    );

    app.post(
      '/campaigns/:id/schedule',
      {
        config: access,
        schema: {
          tags,
          security: BEARER,
          description: 'Sends the campaign at `scheduled_at` (in the future, at most 90 days ahead); again to move it.',
          params: ZCampaignIdParams,
          body: ZCampaignScheduleRequest,
          response: { 200: ZCampaignResponse, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: {
          campaign: await campaigns.schedule(currentUser(request), request.params.id, request.body, request.ip),
        },
      }),
    );

    app.post(
      '/campaigns/:id/cancel',
      {
        config: access,
        schema: {
          tags,
          security: BEARER,
          description: 'A scheduled campaign back to a draft (409 when it is not scheduled).',
          params: ZCampaignIdParams,
          response: { 200: ZCampaignResponse, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: { campaign: await campaigns.cancel(currentUser(request), request.params.id, request.ip) },
      }),
    );
  };
