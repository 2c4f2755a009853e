import { fileAndForwardOutcome, type Actor, type AppointmentStatus, type TCreateLeaveAppointment } from '@srpf/shared';
import type { Executor } from '../../db/client.js';
import { forbidden } from '../../lib/errors.js';
import { recordApprovalStep } from './appointments.step-record.js';

/**
 * The clerk's "file and forward": a leave request filed with forward_to_officer goes straight on to
 * the officer, as if the clerk had filed it and then taken her approval step.
 */

/**
 * The status a new leave request is forwarded to, or null without the flag; 403 for anyone but a
 * clerk of its company. Decided before anything is written, so a refusal files nothing.
 */
export function forwardTarget(actor: Actor, input: TCreateLeaveAppointment): AppointmentStatus | null {
  if (!input.forward_to_officer) return null;
  const outcome = fileAndForwardOutcome(actor, { userId: input.user_id!, companyId: input.company_id! });
  if (!outcome.ok) throw forbidden('appointments.forward_forbidden', outcome.message);
  return outcome.to;
}

/** The clerk's step on the request she has just filed, in the filing's transaction. */
export async function forwardToOfficer(
  tx: Executor,
  actor: Actor,
  filed: { id: number; status: string },
  to: AppointmentStatus,
  ip: string | null,
): Promise<void> {
  // The clerk's remark went in with the filing; her step records only the move to the officer.
  await recordApprovalStep(tx, actor, {
    id: filed.id,
    from: filed.status,
    to,
    role: 'clerk',
    decision: 'approve',
    remark: null,
    ip,
  });
}
