import {
  leaveTypeLabel,
  REMARK_ROLES,
  type AppointmentEventName,
  type RemarkRole,
  type TAppointment,
  type TAppointmentEvent,
} from '@srpf/shared';
import type { AppointmentView, EventView } from './appointments.repository.js';

const joinName = (...parts: (string | null | undefined)[]) =>
  parts.filter((part) => part && part.trim() !== '').join(' ');

/** The listed fields of an appointment; a new column never leaves the server by accident. */
export function toAppointment(view: AppointmentView): TAppointment {
  const row = view.appointment;
  const officerName = joinName(view.officer_first_name, view.officer_middle_name, view.officer_last_name);
  return {
    id: row.id,
    company_id: row.company_id,
    company_name: view.company_name,
    user_id: row.user_id,
    role_id: view.role_id,
    badge_number: row.badge_number,
    phone_number: row.phone_number,
    contact_number: row.contact_number,
    email: row.email,
    first_name: row.first_name,
    middle_name: row.middle_name,
    last_name: row.last_name,
    full_name: joinName(row.first_name, row.middle_name, row.last_name),
    icard_no: row.icard_no,
    dgp_id: row.dgp_id,
    designation_id: row.designation_id,
    designation_name: view.designation_name,
    officer_id: row.officer_id,
    officer_name: officerName || null,
    request_type: row.request_type,
    appointment_date: row.appointment_date,
    appointment_time: row.appointment_time,
    notes: row.notes,
    additional_details: row.additional_details,
    purpose: row.purpose,
    remarks: row.remarks,
    preferred_date: row.preferred_date,
    original_request_date: row.original_request_date,
    status: row.status,
    auto_scheduled: row.auto_scheduled,
    whatsapp_enabled: row.whatsapp_enabled,
    whatsapp_language: row.whatsapp_language,
    is_leave_appointment: row.is_leave_appointment,
    leave_type: row.leave_type,
    leave_type_label: row.leave_type ? leaveTypeLabel(row.leave_type) : null,
    leave_start_date: row.leave_start_date,
    leave_end_date: row.leave_end_date,
    leave_reason: row.leave_reason,
    date_of_joining: row.date_of_joining,
    rewards: row.rewards,
    punishments: row.punishments,
    remaining_al: row.remaining_al,
    remaining_pl: row.remaining_pl,
    sick: row.sick,
    absent: row.absent,
    sick_hajar: row.sick_hajar,
    sick_gairhajar: row.sick_gairhajar,
    clerk_remarks: row.clerk_remarks,
    officer_remarks: row.officer_remarks,
    commandant_remarks: row.commandant_remarks,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** What a reschedule event keeps in its details column. */
export interface RescheduleDetails {
  from_date: string;
  from_time: string;
  to_date: string;
  to_time: string;
  auto: boolean;
}

function rescheduleOf(details: unknown): RescheduleDetails | null {
  if (!details || typeof details !== 'object') return null;
  const value = details as Partial<RescheduleDetails>;
  if (typeof value.from_date !== 'string' || typeof value.to_date !== 'string') return null;
  return {
    from_date: value.from_date,
    from_time: String(value.from_time ?? ''),
    to_date: value.to_date,
    to_time: String(value.to_time ?? ''),
    auto: value.auto === true,
  };
}

const isRemarkRole = (value: string | null): value is RemarkRole =>
  value !== null && (REMARK_ROLES as readonly string[]).includes(value);

export function toTimelineEntry(view: EventView): TAppointmentEvent {
  const row = view.event;
  const name = joinName(view.actor_first_name, view.actor_middle_name, view.actor_last_name);
  return {
    id: row.id,
    event: row.event as AppointmentEventName,
    from_status: row.from_status,
    to_status: row.to_status,
    remark: row.remark,
    actor: row.actor_id !== null ? { id: row.actor_id, name: name || `User ${row.actor_id}` } : null,
    role: isRemarkRole(row.role) ? row.role : null,
    reschedule: row.event === 'rescheduled' ? rescheduleOf(row.details) : null,
    at: row.created_at.toISOString(),
  };
}
