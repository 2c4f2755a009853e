import { eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { RecordScope } from '@srpf/shared';
import { appointments, payslips, users } from './schema/index.js';

/**
 * A policy's record scope as a WHERE condition, so nothing outside it is ever fetched: undefined for
 * `'all'`, else the rows about the actor or of their companies. One place for every area that reads
 * people's records (appointments here and in the dashboard, people in the lookups, salary slips in the
 * payslips and WhatsApp modules).
 */
function inScope(
  scope: RecordScope,
  person: typeof appointments.user_id | typeof users.id | typeof payslips.user_id,
  company: typeof appointments.company_id | typeof users.company_id,
): SQL | undefined {
  if (scope === 'all') return undefined;
  const self = eq(person, scope.selfId);
  return scope.companyIds.length > 0 ? or(self, inArray(company, [...scope.companyIds])) : self;
}

export const appointmentsInScope = (scope: RecordScope) =>
  inScope(scope, appointments.user_id, appointments.company_id);
export const usersInScope = (scope: RecordScope) => inScope(scope, users.id, users.company_id);

/** The slips a record scope reaches, by their person's company now (joined on users): SQL form of maySeePayslip. */
export const slipsInScope = (scope: RecordScope) => inScope(scope, payslips.user_id, users.company_id);

/** The current version of each employee's slip of a month. */
export const currentSlip = isNull(payslips.superseded_at);
