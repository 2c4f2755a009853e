import {
  REMARK_FIELDS,
  type Actor,
  type ApprovalDecision,
  type AppointmentStatus,
  type RemarkRole,
} from '@srpf/shared';
import type { Executor } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { recordEvent } from './appointments.events.js';
import * as repository from './appointments.repository.js';

/**
 * One step of the approval chain as stored, once the policy has allowed it: the new status (and the
 * remark in the column of the role), the timeline entry and the audit row, in the caller's
 * transaction. The approve/reject calls and "file and forward" write a step the same way.
 */
export async function recordApprovalStep(
  tx: Executor,
  actor: Actor,
  step: {
    id: number;
    from: string;
    to: AppointmentStatus;
    role: RemarkRole;
    decision: ApprovalDecision;
    remark: string | null;
    ip: string | null;
  },
): Promise<void> {
  const { id, from, to, role, decision, remark, ip } = step;
  await repository.updateAppointment(tx, id, {
    status: to,
    ...(remark !== null ? { [REMARK_FIELDS[role]]: remark } : {}),
    // The officer who handled the request is the dashboard's Officer column.
    ...(role === 'officer' ? { officer_id: actor.userId } : {}),
  });
  const event = decision === 'approve' ? 'approved' : 'rejected';
  await recordEvent(tx, id, actor, { event, from_status: from, to_status: to, remark, role });
  await audit(tx, {
    actorId: actor.userId,
    action: `appointment.${decision}`,
    entityType: 'appointment',
    entityId: id,
    outcome: 'success',
    ip,
    details: { from, to, role, remark: remark !== null },
  });
}
