import type { TAppointment } from '@srpf/shared';
import { useAppointment } from '../api/get-appointment';
import { LeaveForm } from './leave-form';
import { OrderlyRoomForm } from './orderly-room-form';

export interface FormTarget {
  kind: 'leave' | 'orderly';
  appointment?: TAppointment;
}

/**
 * The right-side panel with the leave or the orderly-room form, for a new or an existing appointment.
 * An existing one is edited with the abilities of its detail (cached when opened from the detail
 * page, fetched when opened from the list): until they are known nothing can be changed.
 */
export function AppointmentFormPanel({
  target,
  onClose,
  onSaved,
}: {
  target: FormTarget;
  onClose: () => void;
  onSaved?: () => void;
}) {
  const appointment = target.appointment ?? null;
  const detail = useAppointment(appointment?.id ?? null);
  const abilities = detail.data?.abilities;
  return target.kind === 'leave' ? (
    <LeaveForm
      appointment={appointment}
      abilities={abilities}
      abilitiesFailed={detail.isError}
      onClose={onClose}
      onSaved={onSaved}
    />
  ) : (
    <OrderlyRoomForm
      appointment={appointment}
      abilities={abilities}
      abilitiesFailed={detail.isError}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}
