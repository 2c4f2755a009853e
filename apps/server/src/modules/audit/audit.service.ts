import { paginationOf, type TAuditEntry, type TAuditQuery, type TPagination } from '@srpf/shared';
import type { AppContext } from '../../context.js';
import { listAuditEntries } from './audit.repository.js';

/** The audit trail, newest first. */
export function createAuditService(context: AppContext) {
  return {
    async list(query: TAuditQuery): Promise<{ data: TAuditEntry[]; pagination: TPagination }> {
      const { page, limit, action } = query;
      const { rows, total } = await listAuditEntries(context.db, { action }, page, limit);
      const data = rows.map((row) => ({
        id: row.id,
        action: row.action,
        entity_type: row.entity_type,
        entity_id: row.entity_id,
        outcome: row.outcome === 'success' ? ('success' as const) : ('failure' as const),
        ip: row.ip,
        details: (row.details as Record<string, unknown> | null) ?? null,
        createdAt: row.created_at.toISOString(),
        actor: row.actor_id === null ? null : { id: row.actor_id, email: row.actor_email },
      }));
      return { data, pagination: paginationOf(page, limit, total) };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
