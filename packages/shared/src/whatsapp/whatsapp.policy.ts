import { actorCan, inCompanyScope, type Actor } from '../access/actor.js';
import { isAdministrator } from '../common/permissions.js';
import { maySeePayslip, type PayslipRecord } from '../payslips/payslips.policy.js';

/**
 * Who may send salary slips over WhatsApp and steer the queue (issue 30). Sending is part of managing
 * payslips: `manage_payslips`, a slip within the actor's company scope (others are 404, as for
 * reading it; the server checks each slip inside its transaction). The queue's state (paused, waiting,
 * outbox) is read by the same people; only an administrator resumes a paused queue, once the account,
 * token or template is fixed.
 */

/** Send (or settle) one slip: manage_payslips and the slip in the actor's company scope. */
export function maySendPayslip(actor: Actor, slip: PayslipRecord): boolean {
  return actorCan(actor, 'manage_payslips') && maySeePayslip(actor, slip);
}

/** Read the queue's state (the slips screen's banner): manage_payslips. */
export const mayReadWhatsappQueue = (actor: Actor): boolean => actorCan(actor, 'manage_payslips');

/** Resume a paused queue: administrators only. */
export const mayResumeWhatsappQueue = (actor: Actor): boolean => isAdministrator(actor.role);

/**
 * Write a free-form message to one person (New Message, issue 31): `send_whatsapp` and the person in
 * the actor's company scope (administrators: everyone). A person outside the scope is answered as not
 * found, like a record one may not see.
 */
export function maySendWhatsappMessage(actor: Actor, person: { companyId: number | null }): boolean {
  return actorCan(actor, 'send_whatsapp') && inCompanyScope(actor, person.companyId);
}
