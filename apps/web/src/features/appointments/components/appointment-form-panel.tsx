import type { TAppointment } from '@srpf/shared';
import { LeaveForm } from './leave-form';
import { OrderlyRoomForm } from './orderly-room-form';

export interface FormTarget {
  kind: 'leave' | 'orderly';
  appointment?: TAppointment;
}

/** The right-side panel with the leave or the orderly-room form, for a new or an existing appointment. */
export function AppointmentFormPanel({ target, onClose, onSaved }: { target: FormTarget; onClose: () => void; onSaved?: () => void }) {
  return target.kind === 'leave' ? (
    <LeaveForm appointment={target.appointment ?? null} onClose={onClose} onSaved={onSaved} />
  ) : (
    <OrderlyRoomForm appointment={target.appointment ?? null} onClose={onClose} onSaved={onSaved} />
  );
}
