import type { AppointmentEventName, RemarkRole } from '@srpf/shared';
import type { Executor } from '../../db/client.js';
import type { RescheduleDetails } from './appointments.presenter.js';
import { insertEvent } from './appointments.repository.js';

export interface TimelineEvent {
  event: AppointmentEventName;
  from_status?: string | null;
  to_status?: string | null;
  remark?: string | null;
  role?: RemarkRole | null;
  reschedule?: RescheduleDetails;
}

/** One entry of the appointment's timeline; pass the transaction of the change it records. */
export async function recordEvent(
  executor: Executor,
  appointmentId: number,
  actor: { userId: number },
  entry: TimelineEvent,
): Promise<void> {
  await insertEvent(executor, {
    appointment_id: appointmentId,
    event: entry.event,
    from_status: entry.from_status ?? null,
    to_status: entry.to_status ?? null,
    remark: entry.remark ?? null,
    actor_id: actor.userId,
    role: entry.role ?? null,
    details: entry.reschedule ?? null,
  });
}
