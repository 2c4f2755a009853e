import { count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { auditLog, users } from '../../db/schema/index.js';

export async function listAuditEntries(executor: Executor, filter: { action?: string }, page: number, limit: number) {
  const where = filter.action ? eq(auditLog.action, filter.action) : undefined;
  const [rows, [total]] = await Promise.all([
    executor
      .select({
        id: auditLog.id,
        action: auditLog.action,
        entity_type: auditLog.entity_type,
        entity_id: auditLog.entity_id,
        outcome: auditLog.outcome,
        ip: auditLog.ip,
        details: auditLog.details,
        created_at: auditLog.created_at,
        actor_id: auditLog.actor_id,
        actor_email: users.email,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actor_id))
      .where(where)
      .orderBy(desc(auditLog.created_at), desc(auditLog.id))
      .limit(limit)
      .offset((page - 1) * limit),
    executor.select({ value: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}
