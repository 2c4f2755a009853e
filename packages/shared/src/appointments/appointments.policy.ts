import { actsAcrossCompanies, isOwnCompany, oversees, type Actor, type RecordScope } from '../access/actor.js';
import { APPOINTMENT_STATUSES } from '../common/status.js';
import {
  approvalOutcome,
  awaitingRole,
  canChangeStatus,
  canReschedule,
  INITIAL_APPOINTMENT_STATUS,
  statusChoicesFrom,
  type ApprovalDecision,
  type ApprovalOutcome,
  type RemarkRole,
} from './appointments.rules.js';

/**
 * Who may file, read, edit, close and decide appointments (the authorization issue). Pure functions of
 * the actor and the record: the server applies them inside the transaction of each change (and the
 * read scope in SQL); the web uses the answers' abilities built from them to hide controls.
 */

/** What the policy reads of an appointment. */
export interface AppointmentRecord {
  /** The person it is about. */
  userId: number | null;
  /** Null only for rows older than the company rule: visible then to their person and administrators. */
  companyId: number | null;
  /** Who filed it. */
  createdBy: number | null;
  status: string;
  /** Has a step of the approval chain (an approval or a rejection) been taken? */
  stepTaken: boolean;
}

/** Statuses that close or drop a request: set only by the company's clerk or commandant, or an admin. */
export const CLOSING_STATUSES = ['completed', 'no_show', 'cancelled'] as const;
const isClosing = (status: string) => (CLOSING_STATUSES as readonly string[]).includes(status);
/** How a request ended (carried out, or the person did not come): recorded by someone else, never by its person. */
const OUTCOME_STATUSES = ['completed', 'no_show'];

/**
 * Marking one's own request completed or no-show: refused to everybody, as approving it is (a clerk
 * or commandant would otherwise close their own leave). Withdrawing it (cancelled) stays theirs.
 */
export function closesOwnRequest(actor: Actor, record: Pick<AppointmentRecord, 'userId'>, to: string): boolean {
  return OUTCOME_STATUSES.includes(to) && record.userId !== null && record.userId === actor.userId;
}

/** Where the company's clerk, commandant or an admin has put a request: only they move it on. */
const HELD_STATUSES = ['approved', 'no_show', 'deferred'];
const isHeld = (status: string) => HELD_STATUSES.includes(status);

/**
 * The actor's step in the chain of a company: administrators act as commandant everywhere; everybody
 * else holds their designation's approval role in their own company and in the companies they
 * oversee, and none elsewhere.
 */
export function chainRoleIn(actor: Actor, companyId: number | null | undefined): RemarkRole | null {
  if (actsAcrossCompanies(actor)) return 'commandant';
  if (!actor.approvalRole) return null;
  return isOwnCompany(actor, companyId) || oversees(actor, companyId) ? actor.approvalRole : null;
}

/**
 * The appointments an actor may read: `'all'` for administrators, else the ones about themselves and
 * those of the companies where they hold a chain role (their own, when their designation has one)
 * or that they oversee. The server turns this into SQL.
 */
export function appointmentReadScope(actor: Actor): RecordScope {
  if (actsAcrossCompanies(actor)) return 'all';
  const companyIds = new Set(actor.overseenCompanyIds);
  if (actor.approvalRole && actor.companyId !== null) companyIds.add(actor.companyId);
  return { selfId: actor.userId, companyIds: [...companyIds].sort((a, b) => a - b) };
}

export function mayReadAppointment(actor: Actor, record: Pick<AppointmentRecord, 'userId' | 'companyId'>): boolean {
  const scope = appointmentReadScope(actor);
  return (
    scope === 'all' ||
    record.userId === actor.userId ||
    (record.companyId !== null && scope.companyIds.includes(record.companyId))
  );
}

/**
 * Filing: people file for themselves (in their own company, or any company when they have none); a
 * clerk of a company for anyone in it; administrators for anyone.
 */
export function mayFileAppointment(
  actor: Actor,
  request: { userId: number; companyId: number; personCompanyId: number | null },
): boolean {
  if (actsAcrossCompanies(actor)) return true;
  if (request.userId === actor.userId)
    return actor.companyId === null || isOwnCompany(actor, request.companyId) || oversees(actor, request.companyId);
  return chainRoleIn(actor, request.companyId) === 'clerk' && request.personCompanyId === request.companyId;
}

/**
 * The business fields (person, company, dates, leave details) change only until the first step of
 * the chain is taken and while the request is open, by the filer, a clerk of its company or an administrator; afterwards only the
 * steps (and the remarks) move it on.
 */
export function mayEditAppointmentDetails(actor: Actor, record: AppointmentRecord): boolean {
  // A closed request (completed, rejected, cancelled: the status table's final ones) is a record now.
  if (record.stepTaken || statusChoicesFrom(record.status).length === 1) return false;
  return (
    actsAcrossCompanies(actor) || record.createdBy === actor.userId || chainRoleIn(actor, record.companyId) === 'clerk'
  );
}

/** Completing, marking a no-show, cancelling, and moving an approved request: the company's clerk or commandant, or an admin. */
export function mayCloseAppointment(actor: Actor, record: Pick<AppointmentRecord, 'companyId'>): boolean {
  const role = chainRoleIn(actor, record.companyId);
  return role === 'clerk' || role === 'commandant';
}

/** Rescheduling: like closing once approved, marked no-show or deferred; otherwise also whoever may edit the details. */
export function mayRescheduleAppointment(actor: Actor, record: AppointmentRecord): boolean {
  if (!canReschedule(record.status)) return false;
  if (isHeld(record.status)) return mayCloseAppointment(actor, record);
  return mayCloseAppointment(actor, record) || mayEditAppointmentDetails(actor, record);
}

/** The statuses the edit form offers this actor (the current one first): the table's choices this actor may set. */
export function statusChoicesFor(actor: Actor, record: AppointmentRecord): string[] {
  return statusChoicesFrom(record.status).filter(
    (status) => status === record.status || mayChangeStatusTo(actor, record, status),
  );
}

export function mayChangeStatusTo(actor: Actor, record: AppointmentRecord, to: string): boolean {
  if (to === record.status) return true;
  if (!canChangeStatus(record.status, to) || closesOwnRequest(actor, record, to)) return false;
  if (isClosing(to) || isHeld(record.status)) return mayCloseAppointment(actor, record);
  return mayCloseAppointment(actor, record) || mayEditAppointmentDetails(actor, record);
}

/** An administrator setting a status by hand (outside the chain) gives a reason, kept in the audit and the timeline. */
export function statusChangeNeedsReason(actor: Actor): boolean {
  return actsAcrossCompanies(actor);
}

/** The remark a person may write on this appointment: that of their chain role in its company. */
export function remarkRoleFor(actor: Actor, record: Pick<AppointmentRecord, 'companyId'>): RemarkRole | null {
  return chainRoleIn(actor, record.companyId);
}

/**
 * Approving or rejecting: the actor's chain role in the appointment's company decides the step, and
 * nobody decides a request about themselves (a clerk's own leave goes to another clerk, the officer
 * or the commandant; a commandant's to an administrator).
 */
export function approvalStepOutcome(
  actor: Actor,
  record: Pick<AppointmentRecord, 'userId' | 'companyId' | 'status'>,
  decision: ApprovalDecision,
): ApprovalOutcome {
  const outcome = approvalOutcome(chainRoleIn(actor, record.companyId), record.status, decision);
  if (outcome.ok && record.userId === actor.userId) {
    return {
      ok: false,
      reason: 'forbidden',
      message: `You cannot ${decision} your own request; someone else in the approval chain decides it`,
    };
  }
  return outcome;
}

/**
 * "File and forward to the officer": a clerk of the request's company files it and takes her own
 * clerk step at once, under the same rule as the approve step on the new request (so never on a
 * request about herself). Administrators and commandants decide with their own step instead.
 */
export function fileAndForwardOutcome(
  actor: Actor,
  request: { userId: number | null; companyId: number | null },
): ApprovalOutcome {
  if (chainRoleIn(actor, request.companyId) !== 'clerk')
    return {
      ok: false,
      reason: 'forbidden',
      message: "Only a clerk of the request's company can file it and forward it to the officer",
    };
  return approvalStepOutcome(actor, { ...request, status: INITIAL_APPOINTMENT_STATUS }, 'approve');
}

export function mayFileAndForward(actor: Actor, request: { userId: number | null; companyId: number | null }): boolean {
  return fileAndForwardOutcome(actor, request).ok;
}

/**
 * Whether filing requests for colleagues is the person's daily work: a clerk of the chain, who files
 * and forwards them (the web's "File a leave request" on the dashboard). The server still decides each
 * request by fileAndForwardOutcome and the create's own rules.
 */
export function filesRequestsForOthers(actor: Actor): boolean {
  return !actsAcrossCompanies(actor) && actor.approvalRole === 'clerk';
}

/** Only administrators delete appointments. */
export function mayDeleteAppointment(actor: Actor): boolean {
  return actsAcrossCompanies(actor);
}

/** Where the requests waiting for an actor's step are: the statuses of their step, in which companies. */
export interface WaitingForMeScope {
  role: RemarkRole;
  statuses: string[];
  companyIds: 'all' | readonly number[];
}

/**
 * "Waiting for me": the pending requests whose current step is the actor's chain role, in the
 * companies where they hold it (administrators: the commandant's step everywhere); null for people
 * who take no step. Their own requests are never theirs to decide (see approvalStepOutcome).
 */
export function waitingForMeScope(actor: Actor): WaitingForMeScope | null {
  const role = actsAcrossCompanies(actor) ? 'commandant' : actor.approvalRole;
  if (!role) return null;
  const statuses = APPOINTMENT_STATUSES.filter((status) => awaitingRole(status) === role);
  if (actsAcrossCompanies(actor)) return { role, statuses, companyIds: 'all' };
  const companyIds = new Set(actor.overseenCompanyIds);
  if (actor.companyId !== null) companyIds.add(actor.companyId);
  return { role, statuses, companyIds: [...companyIds].sort((a, b) => a - b) };
}
