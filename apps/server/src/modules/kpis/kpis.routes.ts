import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse, ZKpiQuery, ZKpiResponse } from '@srpf/shared';
import type { AppContext } from '../../app.js';
import { createKpisService } from './kpis.service.js';

export const kpiRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const kpis = createKpisService(context);

    app.get(
      '/daily',
      {
        config: { access: 'signed_in', cacheAnswer: true },
        schema: { tags: ['kpis'], security: [{ bearer: [] }], querystring: ZKpiQuery, response: { 200: ZKpiResponse, 400: ZErrorResponse } },
      },
      async (request) => ({ success: true as const, data: await kpis.daily(request.query) }),
    );
  };
