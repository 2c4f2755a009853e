import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paginationOf, ZAuditListResponse, ZAuditQuery, ZErrorResponse, type TAuditEntry } from '@srpf/shared';
import type { AppContext } from '../../app.js';
import { listAuditEntries } from './audit.repository.js';

/** The audit trail, newest first, for those allowed to view audit logs. */
export const auditRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/',
      {
        config: { access: 'view_audit_logs' },
        schema: { tags: ['audit'], security: [{ bearer: [] }], querystring: ZAuditQuery, response: { 200: ZAuditListResponse, 400: ZErrorResponse, 403: ZErrorResponse } },
      },
      async (request) => {
        const { page, limit, action } = request.query;
        const { rows, total } = await listAuditEntries(context.db, { action }, page, limit);
        const data: TAuditEntry[] = rows.map((row) => ({
          id: row.id,
          action: row.action,
          entity_type: row.entity_type,
          entity_id: row.entity_id,
          outcome: row.outcome === 'success' ? 'success' : 'failure',
          ip: row.ip,
          details: (row.details as Record<string, unknown> | null) ?? null,
          createdAt: row.created_at.toISOString(),
          actor: row.actor_id === null ? null : { id: row.actor_id, email: row.actor_email },
        }));
        return { success: true as const, data, pagination: paginationOf(page, limit, total) };
      },
    );
  };
