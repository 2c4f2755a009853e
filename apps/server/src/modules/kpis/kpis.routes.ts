import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse, ZKpiQuery, ZKpiResponse } from '@srpf/shared';
import { dashboardCsvFileName } from '@srpf/shared/kpis/dashboard-export';
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

    // The dashboard's Export: the summary and every appointment of the range as CSV, streamed.
    app.get(
      '/daily/export',
      {
        config: { access: 'signed_in' },
        schema: {
          tags: ['kpis'],
          security: [{ bearer: [] }],
          description: 'The KPI summary and every appointment of the range as CSV (UTF-8 with a BOM), streamed as an attachment.',
          produces: ['text/csv'],
          querystring: ZKpiQuery,
          response: { 200: z.unknown().describe('The CSV file (text/csv), streamed'), 400: ZErrorResponse },
        },
      },
      async (request, reply) => {
        const range = kpis.rangeOf(request.query);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${dashboardCsvFileName(range)}"`)
          .send(Readable.from(kpis.exportCsv(range)));
      },
    );
  };
