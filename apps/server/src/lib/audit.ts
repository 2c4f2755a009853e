import type { AuditAction } from '@srpf/shared';
import { auditLog } from '../db/schema/index.js';
import type { Executor } from '../db/client.js';

export interface AuditEntry {
  actorId: number | null;
  action: AuditAction;
  entityType: string;
  entityId?: string | number | null;
  outcome: 'success' | 'failure';
  ip?: string | null;
  details?: Record<string, unknown>;
}

/** Writes one audit row; pass the transaction so the row commits (or not) with the change. */
export async function audit(executor: Executor, entry: AuditEntry): Promise<void> {
  await executor.insert(auditLog).values({
    actor_id: entry.actorId,
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    outcome: entry.outcome,
    ip: entry.ip ?? null,
    details: entry.details ?? null,
  });
}
