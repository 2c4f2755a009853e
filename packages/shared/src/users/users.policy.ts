import { actorCan, companyRecordScope, inCompanyScope, type Actor, type RecordScope } from '../access/actor.js';

/**
 * Who may read and change whose user record, and whom the appointment forms' lookups find (the
 * authorization issue). The server applies the scope in SQL; the web hides what these refuse.
 */

/** What the policy reads of a person's record. */
export interface PersonRecord {
  id: number;
  companyId: number | null;
  role: string;
}

/** Everyone reads their own record; people who manage users read those of their scope. */
export function mayReadUser(actor: Actor, person: Pick<PersonRecord, 'id' | 'companyId'>): boolean {
  return person.id === actor.userId || (actorCan(actor, 'manage_users') && inCompanyScope(actor, person.companyId));
}

/** Changing or deleting a person: manage_users within the scope; only a superadmin touches a superadmin. */
export function mayManageUser(actor: Actor, person: PersonRecord): boolean {
  if (!actorCan(actor, 'manage_users') || !inCompanyScope(actor, person.companyId)) return false;
  return person.role !== 'superadmin' || actor.role === 'superadmin';
}

/** Grants are given by administrators (who hold manage_users across companies). */
export function mayGrantPermissions(actor: Actor): boolean {
  return actor.role === 'superadmin' || actor.role === 'admin';
}

/** Overseen companies widen a person's scope across groups: a superadmin's decision. */
export function mayAssignOverseenCompanies(actor: Actor): boolean {
  return actor.role === 'superadmin';
}

/**
 * Whom the person lookups (search by name, find by phone) may answer: everybody in the actor's
 * companies (own and overseen), everybody for administrators, and only themselves without a company.
 */
export function peopleLookupScope(actor: Actor): RecordScope {
  return companyRecordScope(actor);
}
