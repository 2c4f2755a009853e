import { mayFileAppointment, mayReadAppointment, type Actor, type AppointmentRecord } from '@srpf/shared';
import type { Executor } from '../../db/client.js';
import { forbidden, notFound } from '../../lib/errors.js';
import * as repository from './appointments.repository.js';

/** What the policy reads of a stored appointment. */
export function recordOf(
  row: { user_id: number | null; company_id: number | null; created_by: number | null; status: string },
  stepTaken: boolean,
): AppointmentRecord {
  return { userId: row.user_id, companyId: row.company_id, createdBy: row.created_by, status: row.status, stepTaken };
}

/** The stored row locked for a change, or 404 when it does not exist or the actor may not read it. */
export async function lockReadable(tx: Executor, actor: Actor, id: number) {
  const row = await repository.lockAppointment(tx, id);
  if (!row || !mayReadAppointment(actor, { userId: row.user_id, companyId: row.company_id }))
    throw notFound('appointments.not_found', 'Appointment');
  return { row, record: recordOf(row, await repository.hasApprovalStep(tx, id)) };
}

/** 403 unless the actor may file a request for this person in this company (creating or moving one). */
export function assertMayFile(
  actor: Actor,
  request: { userId: number; companyId: number; personCompanyId: number | null },
): void {
  if (!mayFileAppointment(actor, request)) {
    throw request.userId === actor.userId
      ? forbidden(
          'appointments.file_in_own_company_only',
          'You can file a request for yourself only in your own company',
        )
      : forbidden(
          'appointments.file_for_self_only',
          'You can file requests only for yourself; a clerk files them for the people of their company',
        );
  }
}
