import { isAdministrator, permissionsOf, type Permission } from '../common/permissions.js';
import type { RemarkRole } from '../appointments/appointments.rules.js';

/**
 * The person making a request, as every policy reads it: read from the database on each request
 * (never from the token alone), so a change of role, company, grants or designation counts at once.
 * The web builds the same shape from the signed-in user's record to hide controls; the server
 * decides.
 */
export interface Actor {
  userId: number;
  /** Lower case; viewer when unknown. */
  role: string;
  /** The company (a commandant's group) the person belongs to; null for none. */
  companyId: number | null;
  /** Companies a superadmin gave this person to oversee (a range's staff supervising several groups). */
  overseenCompanyIds: readonly number[];
  /** Permissions granted on top of the role. */
  grants: readonly string[];
  /** The approval chain's step the person takes (their designation's approval role; commandant for admins). */
  approvalRole: RemarkRole | null;
}

/** Does the actor hold the permission, by role or by grant? */
export function actorCan(actor: Actor, permission: Permission): boolean {
  return permissionsOf(actor.role, actor.grants).has(permission);
}

/** superadmin and admin act across every company. */
export function actsAcrossCompanies(actor: Actor): boolean {
  return isAdministrator(actor.role);
}

/**
 * The companies whose records the actor may see: `'all'` for administrators, else their own company
 * and the ones they oversee (possibly none: then only records about themselves).
 */
export type CompanyScope = 'all' | readonly number[];

export function companyScopeOf(actor: Actor): CompanyScope {
  if (actsAcrossCompanies(actor)) return 'all';
  const ids = new Set(actor.overseenCompanyIds);
  if (actor.companyId !== null) ids.add(actor.companyId);
  return [...ids].sort((a, b) => a - b);
}

/** Is the company inside the actor's scope? A record without a company is inside only for administrators. */
export function inCompanyScope(actor: Actor, companyId: number | null | undefined): boolean {
  const scope = companyScopeOf(actor);
  if (scope === 'all') return true;
  return companyId !== null && companyId !== undefined && scope.includes(companyId);
}

/** Does the actor oversee the company (given by a superadmin), beyond their own? */
export function oversees(actor: Actor, companyId: number | null | undefined): boolean {
  return companyId !== null && companyId !== undefined && actor.overseenCompanyIds.includes(companyId);
}

/** Is the company the actor's own? */
export function isOwnCompany(actor: Actor, companyId: number | null | undefined): boolean {
  return actor.companyId !== null && companyId === actor.companyId;
}

/**
 * The records (people, appointments, payslips) an actor may see: `'all'`, or those about themselves
 * and those of some companies. The server turns it into SQL, so nothing outside it is ever fetched.
 */
export type RecordScope = 'all' | { selfId: number; companyIds: readonly number[] };

/** The scope of the actor's companies (own and overseen), plus themselves. */
export function companyRecordScope(actor: Actor): RecordScope {
  const scope = companyScopeOf(actor);
  return scope === 'all' ? 'all' : { selfId: actor.userId, companyIds: scope };
}
