import { z } from 'zod';
import { pagedResponse, pageQuery } from '../common/pagination.js';
import { AUDIT_ACTIONS, type AuditAction } from './audit-actions.js';

export const ZAuditQuery = pageQuery(100, 25).extend({
  action: z.enum(AUDIT_ACTIONS as [AuditAction, ...AuditAction[]]).optional(),
});
export type TAuditQuery = z.infer<typeof ZAuditQuery>;

export const ZAuditEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  outcome: z.enum(['success', 'failure']),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
  actor: z.object({ id: z.number().int(), email: z.string().nullable() }).nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditListResponse = pagedResponse(ZAuditEntry);
