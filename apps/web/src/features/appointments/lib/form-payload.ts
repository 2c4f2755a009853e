import {
  DEFAULT_APPOINTMENT_TIME,
  INITIAL_APPOINTMENT_STATUS,
  LEAVE_COUNTERS,
  LEAVE_REQUEST_TYPE,
  normaliseTime,
  ORDERLY_ROOM_REQUEST_TYPE,
  type LeaveCounter,
  type RemarkField,
} from '@srpf/shared/appointments/appointments.rules';
import { normalisePhone } from '@srpf/shared/common/phone';
import type { TAppointment } from '@srpf/shared';
import { isEmptyRichText } from './remarks';

type Payload = Record<string, string | number | null>;

/** The orderly-room form's values (document 2, section 2.5): selects and inputs hold text. */
export interface OrderlyRoomValues {
  company_id: string;
  user_id: number | null;
  phone_number: string;
  badge_number: string;
  additional_details: string;
  notes: string;
  preferred_date: string;
  status: string;
  request_type: string;
}

/** The leave form's values (document 2, section 2.4); counters are typed as text and sent as numbers. */
export type LeaveValues = {
  company_id: string;
  user_id: number | null;
  leave_type: string;
  leave_start_date: string;
  leave_end_date: string;
  leave_reason: string;
  appointment_date: string;
  appointment_time: string;
  date_of_joining: string;
  clerk_remarks: string;
  officer_remarks: string;
  commandant_remarks: string;
} & Record<LeaveCounter, string>;

const text = (value: string | null | undefined) => value ?? '';

export function orderlyRoomValues(appointment?: TAppointment | null): OrderlyRoomValues {
  return {
    company_id: appointment?.company_id ? String(appointment.company_id) : '',
    user_id: appointment?.user_id ?? null,
    phone_number: text(appointment?.phone_number),
    badge_number: text(appointment?.badge_number),
    additional_details: text(appointment?.additional_details),
    notes: text(appointment?.notes),
    preferred_date: text(appointment?.preferred_date),
    status: appointment?.status ?? INITIAL_APPOINTMENT_STATUS,
    request_type: appointment?.request_type ?? ORDERLY_ROOM_REQUEST_TYPE,
  };
}

export function leaveValues(appointment: TAppointment | null | undefined, today: string): LeaveValues {
  const counters = Object.fromEntries(
    LEAVE_COUNTERS.map((counter) => [counter, String(appointment?.[counter] ?? 0)]),
  ) as Record<LeaveCounter, string>;
  return {
    company_id: appointment?.company_id ? String(appointment.company_id) : '',
    user_id: appointment?.user_id ?? null,
    leave_type: text(appointment?.leave_type),
    leave_start_date: text(appointment?.leave_start_date),
    leave_end_date: text(appointment?.leave_end_date),
    leave_reason: text(appointment?.leave_reason),
    appointment_date: appointment?.appointment_date ?? today,
    appointment_time: (appointment?.appointment_time ?? DEFAULT_APPOINTMENT_TIME).slice(0, 5),
    date_of_joining: text(appointment?.date_of_joining),
    clerk_remarks: text(appointment?.clerk_remarks),
    officer_remarks: text(appointment?.officer_remarks),
    commandant_remarks: text(appointment?.commandant_remarks),
    ...counters,
  };
}

/** A counter as typed: a whole number of 0 or more, else null (the form refuses it). */
export function parseCounter(value: string): number | null {
  const trimmed = value.trim();
  if (trimmed === '') return 0;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}

/**
 * On create every filled field is sent; on update only the fields that differ from the stored
 * appointment (document 2, section 4: only changed dates and times are sent). A cleared optional
 * field is sent as null so the server clears it.
 */
function finish(full: Payload, initial: Payload | null): Payload {
  if (!initial) {
    return Object.fromEntries(Object.entries(full).filter(([, value]) => value !== null && value !== ''));
  }
  return Object.fromEntries(Object.entries(full).filter(([key, value]) => (initial[key] ?? null) !== value));
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

function orderlyRoomFields(values: OrderlyRoomValues, editing: boolean): Payload {
  const fields: Payload = {
    company_id: values.company_id ? Number(values.company_id) : null,
    user_id: values.user_id,
    phone_number: orNull(normalisePhone(values.phone_number)),
    badge_number: orNull(values.badge_number),
    additional_details: orNull(values.additional_details),
    notes: orNull(values.notes),
    preferred_date: orNull(values.preferred_date),
    status: values.status,
    request_type: values.request_type,
  };
  if (!editing) fields.status = INITIAL_APPOINTMENT_STATUS;
  return fields;
}

export function orderlyRoomPayload(values: OrderlyRoomValues, original?: TAppointment | null): Payload {
  return finish(
    orderlyRoomFields(values, Boolean(original)),
    original ? orderlyRoomFields(orderlyRoomValues(original), true) : null,
  );
}

function leaveFields(values: LeaveValues, editableRemark: RemarkField | null): Payload {
  const fields: Payload = {
    company_id: values.company_id ? Number(values.company_id) : null,
    user_id: values.user_id,
    request_type: LEAVE_REQUEST_TYPE,
    leave_type: orNull(values.leave_type),
    leave_start_date: orNull(values.leave_start_date),
    leave_end_date: orNull(values.leave_end_date),
    leave_reason: orNull(values.leave_reason),
    appointment_date: orNull(values.appointment_date),
    appointment_time: normaliseTime(values.appointment_time) ?? DEFAULT_APPOINTMENT_TIME,
    date_of_joining: orNull(values.date_of_joining),
  };
  for (const counter of LEAVE_COUNTERS) fields[counter] = parseCounter(values[counter]);
  // Only the remark of the person's own role is ever sent (document 2, section 5).
  if (editableRemark) fields[editableRemark] = isEmptyRichText(values[editableRemark]) ? null : values[editableRemark];
  return fields;
}

export function leavePayload(
  values: LeaveValues,
  editableRemark: RemarkField | null,
  original?: TAppointment | null,
  today = '',
): Payload {
  const full = leaveFields(values, editableRemark);
  if (!original) return { ...finish(full, null), status: INITIAL_APPOINTMENT_STATUS };
  const changed = finish(full, leaveFields(leaveValues(original, today), editableRemark));
  delete changed.request_type;
  return changed;
}

/**
 * The orderly-room edit that means "reschedule me automatically" (document 2, section 4): the status
 * becomes rescheduled while the date stays as it was.
 */
export function wantsAutoReschedule(values: OrderlyRoomValues, original: TAppointment | null | undefined): boolean {
  if (!original) return false;
  return (
    values.status === 'rescheduled' &&
    original.status !== 'rescheduled' &&
    (values.preferred_date || '') === (original.preferred_date ?? '')
  );
}
