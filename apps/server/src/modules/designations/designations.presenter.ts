import type { TDesignation } from '@srpf/shared';
import type { DesignationRow } from './designations.repository.js';

export function toDesignation(row: DesignationRow): TDesignation {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    active: row.active,
    approval_role: row.approval_role,
    created_at: row.created_at.toISOString(),
  };
}
