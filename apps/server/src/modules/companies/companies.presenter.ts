import type { TCompany } from '@srpf/shared';
import type { CompanyRow } from './companies.repository.js';

export function toCompany(row: CompanyRow): TCompany {
  return { id: row.id, name: row.name, code: row.code, active: row.active, created_at: row.created_at.toISOString() };
}
