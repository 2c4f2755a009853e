import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZKpiQuery, ZKpiResponse } from '@srpf/shared';
import { dashboardCsvFileName } from '@srpf/shared/dashboard/dashboard.export';
import { currentUser } from '../../lib/access.js';
import type { DashboardService } from './dashboard.service.js';
import { BEARER, errorResponses } from '../../lib/validation.js';

/** The dashboard's figures at /api/kpis/daily (the spec's paths); the KPIs page is another area. */
export const dashboardRoutes =
  (kpis: DashboardService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/daily',
      {
        config: { access: 'signed_in', cacheAnswer: true },
        schema: {
          tags: ['kpis'],
          security: BEARER,
          querystring: ZKpiQuery,
          response: { 200: ZKpiResponse, ...errorResponses(400) },
        },
      },
      async (request) => ({ success: true as const, data: await kpis.daily(currentUser(request), request.query) }),
    );

    // The dashboard's Export: the summary and every appointment of the range as CSV, streamed.
    app.get(
      '/daily/export',
      {
        // A year of names and phone numbers: the spec's view_all_kpis (administrators, or a grant), scoped to the viewer's companies.
        config: { access: 'view_all_kpis' },
        schema: {
          tags: ['kpis'],
          security: BEARER,
          description:
            'The KPI summary and every appointment of the range as CSV (UTF-8 with a BOM), streamed as an attachment.',
          produces: ['text/csv'],
          querystring: ZKpiQuery,
          response: {
            200: z.unknown().describe('The CSV file (text/csv), streamed'),
            ...errorResponses(400, 401, 403),
          },
        },
      },
      async (request, reply) => {
        const range = kpis.rangeOf(request.query);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${dashboardCsvFileName(range)}"`)
          .send(Readable.from(kpis.exportCsv(currentUser(request), range, request.ip)));
      },
    );
  };
