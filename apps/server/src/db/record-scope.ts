import { eq, inArray, or, type SQL } from 'drizzle-orm';
import type { RecordScope } from '@srpf/shared';
import { appointments, users } from './schema/index.js';

/**
 * A policy's record scope as a WHERE condition, so nothing outside it is ever fetched: undefined for
 * `'all'`, else the rows about the actor or of their companies. One place for every area that reads
 * people's records (appointments here and in the dashboard, people in the lookups).
 */
function inScope(
  scope: RecordScope,
  person: typeof appointments.user_id | typeof users.id,
  company: typeof appointments.company_id | typeof users.company_id,
): SQL | undefined {
  if (scope === 'all') return undefined;
  const self = eq(person, scope.selfId);
  return scope.companyIds.length > 0 ? or(self, inArray(company, [...scope.companyIds])) : self;
}

export const appointmentsInScope = (scope: RecordScope) =>
  inScope(scope, appointments.user_id, appointments.company_id);
export const usersInScope = (scope: RecordScope) => inScope(scope, users.id, users.company_id);
