import { actsAcrossCompanies, companyScopeOf, type Actor } from '@srpf/shared/access/actor';
import {
  chainRoleIn,
  mayEditAppointmentDetails,
  remarkRoleFor,
  statusChoicesFor,
  type AppointmentRecord,
} from '@srpf/shared/appointments/appointments.policy';
import { canReschedule, remarkFieldOf } from '@srpf/shared/appointments/appointments.rules';
import type { TAppointment } from '@srpf/shared';
import { editFormStatusChoices, type AppointmentAbilities } from './edit-form';

/**
 * What the signed-in person may do with an appointment, where the screens have no detail to ask: a
 * list or dashboard row carries no abilities, so the shared policy gives the best guess from what the
 * row shows, and the edit form then loads the detail before anything can be changed. The server
 * decides every call anyway.
 */

/** Statuses only a step of the approval chain reaches: a row in one has had a step taken. */
const AFTER_A_STEP: readonly string[] = ['pending_officer', 'pending_final', 'approved', 'rejected'];

/** Statuses before any step, when the person who filed a request may still change or move it. */
const BEFORE_A_STEP: readonly string[] = ['scheduled', 'pending', 'pending_clerk'];

/**
 * Does the edit form hold anything this person may change: the details, else a status other than
 * the current one (the orderly-room form), or their own remark (the leave form)?
 */
export function mayOpenEditForm(
  abilities: Pick<AppointmentAbilities, 'can_edit' | 'status_choices' | 'remark_field'>,
  appointment: Pick<TAppointment, 'status' | 'is_leave_appointment'>,
): boolean {
  if (abilities.can_edit) return true;
  if (appointment.is_leave_appointment) return abilities.remark_field !== null;
  return editFormStatusChoices(abilities, appointment.status).length > 1;
}

/** A list row as the policy reads it; whether a step was taken is told by the status only, when it can be. */
function rowRecord(row: TAppointment): AppointmentRecord {
  return {
    userId: row.user_id,
    companyId: row.company_id ?? 0,
    createdBy: row.created_by,
    status: row.status,
    stepTaken: AFTER_A_STEP.includes(row.status),
  };
}

/** The abilities the shared policy gives for a list row, until the detail tells. */
export function rowAbilities(
  actor: Actor,
  row: TAppointment,
): Pick<AppointmentAbilities, 'can_edit' | 'status_choices' | 'remark_field'> {
  const record = rowRecord(row);
  return {
    can_edit: mayEditAppointmentDetails(actor, record),
    status_choices: statusChoicesFor(actor, record),
    remark_field: remarkFieldOf(remarkRoleFor(actor, record)),
  };
}

/**
 * Reschedule on a dashboard row, which names neither the company nor who filed it: administrators
 * and the clerks and commandants of the companies whose rows they see, at any status that can be
 * rescheduled; anybody else only before the first step, when they may be the one who filed it.
 */
export function mayOfferRowReschedule(actor: Actor, status: string): boolean {
  if (!canReschedule(status)) return false;
  if (actsAcrossCompanies(actor) || actor.approvalRole === 'clerk' || actor.approvalRole === 'commandant') return true;
  return BEFORE_A_STEP.includes(status);
}

/**
 * Filing for somebody else: administrators for anyone, a clerk for the people of their companies
 * (own and overseen); everybody else files for themselves only, so the forms fix the person.
 */
export function mayFileForOthers(actor: Actor): boolean {
  if (actsAcrossCompanies(actor)) return true;
  const companies = companyScopeOf(actor);
  return companies !== 'all' && companies.some((companyId) => chainRoleIn(actor, companyId) === 'clerk');
}

/**
 * The companies a new request may name: every one for administrators and for people without a
 * company (the server checks the rest); otherwise their own and those they oversee.
 */
export function fileableCompanies<C extends { id: number }>(actor: Actor, companies: readonly C[]): C[] {
  const scope = companyScopeOf(actor);
  if (scope === 'all' || actor.companyId === null) return [...companies];
  return companies.filter((company) => scope.includes(company.id));
}
