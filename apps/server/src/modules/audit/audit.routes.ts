import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAuditListResponse, ZAuditQuery } from '@srpf/shared';
import { BEARER, errorResponses } from '../../lib/validation.js';
import type { AuditService } from './audit.service.js';

/** The audit trail, newest first, for those allowed to view audit logs. */
export const auditRoutes =
  (audit: AuditService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/',
      {
        config: { access: 'view_audit_logs' },
        schema: {
          tags: ['audit'],
          security: BEARER,
          querystring: ZAuditQuery,
          response: { 200: ZAuditListResponse, ...errorResponses(400, 403) },
        },
      },
      async (request) => {
        const { data, pagination } = await audit.list(request.query);
        return { success: true as const, data, pagination };
      },
    );
  };
