import { EDIT_FORM_STATUSES } from '@srpf/shared/appointments/appointments.rules';
import type { TAppointment, TAppointmentDetail } from '@srpf/shared';
import {
  leaveValues,
  orderlyRoomPayload,
  orderlyRoomValues,
  wantsAutoReschedule,
  type LeaveValues,
  type OrderlyRoomValues,
} from './form-payload';

/**
 * The edit forms under the detail's abilities: which statuses they offer, when a status change needs
 * a reason, and what an edit sends when the details are locked for the person.
 */

/** What the signed-in person may do with one appointment: the detail's answer, which the screens follow. */
export type AppointmentAbilities = TAppointmentDetail['abilities'];

/** What the edit forms need of the abilities. */
export type EditAbilities = Pick<
  AppointmentAbilities,
  'can_edit' | 'status_choices' | 'status_reason_required' | 'remark_role' | 'remark_field'
>;

/**
 * The statuses the orderly-room form offers: the server's choices for this person, within the edit
 * form's statuses of the spec (section 4); the current status first, and always there.
 */
export function editFormStatusChoices(
  abilities: Pick<AppointmentAbilities, 'status_choices'>,
  current: string,
): string[] {
  const offered = abilities.status_choices.filter(
    (status) => status !== current && (EDIT_FORM_STATUSES as readonly string[]).includes(status),
  );
  return [current, ...offered];
}

/**
 * An administrator setting a status by hand says why (`status_reason`): needed when the abilities
 * ask for it and the status sent differs from the stored one.
 */
export function statusReasonNeeded(
  abilities: Pick<AppointmentAbilities, 'status_reason_required'> | undefined,
  stored: string,
  chosen: string,
): boolean {
  return Boolean(abilities?.status_reason_required) && chosen !== stored;
}

/** The update body with the reason added when the status it sends needs one. */
export function withStatusReason<P extends Record<string, unknown>>(
  payload: P,
  reason: string,
  needed: boolean,
): P & { status_reason?: string } {
  if (!needed || payload.status === undefined) return payload;
  return { ...payload, status_reason: reason.trim() };
}

/** What saving the orderly-room edit form does. */
export type OrderlyRoomUpdate =
  /** The status changed by hand and this person must say why, but did not. */
  | { kind: 'reasonMissing' }
  /** Rescheduled without a new date: the other changes (if any), then the automatic reschedule. */
  | { kind: 'autoReschedule'; payload: Record<string, unknown> }
  /** PUT the changed fields (none: nothing to send). */
  | { kind: 'update'; payload: Record<string, unknown> };

/**
 * The orderly-room edit as sent: locked details go as stored (so never), whatever the disabled
 * inputs hold; a status change that needs a reason carries it as `status_reason`.
 */
export function orderlyRoomUpdate(
  typed: OrderlyRoomValues,
  appointment: TAppointment,
  abilities: EditAbilities,
  reason: string,
): OrderlyRoomUpdate {
  const values = abilities.can_edit
    ? typed
    : { ...orderlyRoomValues(appointment), status: typed.status ?? appointment.status };
  if (wantsAutoReschedule(values, appointment))
    return {
      kind: 'autoReschedule',
      payload: orderlyRoomPayload({ ...values, status: appointment.status }, appointment),
    };
  const needed = statusReasonNeeded(abilities, appointment.status, values.status);
  if (needed && reason.trim() === '') return { kind: 'reasonMissing' };
  return { kind: 'update', payload: withStatusReason(orderlyRoomPayload(values, appointment), reason, needed) };
}

/** The leave edit's values as sent: with the details locked, the stored ones and only the person's own remark as typed. */
export function leaveEditValues(
  typed: LeaveValues,
  appointment: TAppointment,
  abilities: Pick<EditAbilities, 'can_edit' | 'remark_field'>,
  today: string,
): LeaveValues {
  if (abilities.can_edit) return typed;
  const field = abilities.remark_field;
  return { ...leaveValues(appointment, today), ...(field ? { [field]: typed[field] } : {}) };
}

/** What the orderly-room and leave forms take: the appointment to edit (null: a new one) and its abilities. */
export interface AppointmentFormProps {
  appointment: TAppointment | null;
  /** The detail's abilities when editing; undefined while they load. */
  abilities?: EditAbilities;
  abilitiesFailed?: boolean;
  onClose: () => void;
  onSaved?: () => void;
}
