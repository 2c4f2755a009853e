import { actorCan, companyRecordScope, inCompanyScope, type Actor, type RecordScope } from '../access/actor.js';

/**
 * Who may do what with salary slips (issue 19). `manage_payslips` (administrators, and the people
 * they grant it to) uploads, lists and downloads the slips of the actor's companies (administrators:
 * every company); everyone else lists and downloads only their own. The server applies the scope in
 * SQL and checks the record inside its transaction; the web hides what these refuse.
 */

/** What the policy reads of a slip: whose it is, and that person's company (now). */
export interface PayslipRecord {
  userId: number;
  /** The company of the person the slip belongs to; null when they have none. */
  companyId: number | null;
}

/** Uploading slips, the eligible-users list, the company-wide lists: manage_payslips. */
export const mayManagePayslips = (actor: Actor): boolean => actorCan(actor, 'manage_payslips');

/** Uploading slips (the upload matches across the actor's companies only). */
export const mayUploadPayslips = mayManagePayslips;

/** A slip (any of its versions): its owner, or manage_payslips within the company scope. */
export function maySeePayslip(actor: Actor, slip: PayslipRecord): boolean {
  if (slip.userId === actor.userId) return true;
  return mayManagePayslips(actor) && inCompanyScope(actor, slip.companyId);
}

/** Is it someone else's slip (a read the audit log records)? */
export const isOthersPayslip = (actor: Actor, slip: Pick<PayslipRecord, 'userId'>): boolean =>
  slip.userId !== actor.userId;

/** The slips an actor's lists read: manage_payslips, their companies' and their own; others only their own. */
export function payslipRecordScope(actor: Actor): RecordScope {
  if (!mayManagePayslips(actor)) return { selfId: actor.userId, companyIds: [] };
  return companyRecordScope(actor);
}

/** Whose slips an upload may match: the people of the actor's companies (administrators: everyone). */
export function mayReceiveUploadedSlip(actor: Actor, person: { companyId: number | null }): boolean {
  return mayManagePayslips(actor) && inCompanyScope(actor, person.companyId);
}
