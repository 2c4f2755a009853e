import { z } from 'zod';
import { pagedResponse, pageQuery } from '../common/pagination.js';
import { queryBoolean, queryId } from '../common/query.js';
import {
  APPOINTMENT_SORT_FIELDS,
  APPOINTMENTS_PAGE_DEFAULT,
  APPOINTMENTS_PAGE_MAX,
  isCalendarDate,
  LEAVE_COUNTERS,
  REMARK_ROLES,
  type LeaveCounter,
} from './appointments.rules.js';

import {
  INT4_MAX,
  blankAsAbsent,
  queryText,
  requiredReference,
  reference,
  dateValue,
  timeValue,
  remarkValue,
  requestType,
  status,
  initialStatus,
  requesterFields,
  remarkFields,
  leaveFields,
} from './appointments.fields.js';

// The rules travel with the contract, so the index needs one line; the web imports them from their own subpaths.
export * from './appointments.rules.js';
export * from './appointments.slots.js';

/**
 * Appointments: leave-related and orderly-room requests (spec document 2, sections 2.2–2.5, 3, 4, 5,
 * 6, 7, 8 and the appointments issue). Paths under `/api/appointments`:
 *
 * - `GET /` ZAppointmentListQuery → `{ success, data: [ZAppointment], pagination }`
 * - `GET /{id}` → `{ success, data: { appointment: ZAppointmentDetail } }` (with the timeline)
 * - `POST /` ZCreateOrderlyRoomAppointmentRequest (201), `POST /leave` ZCreateLeaveAppointmentRequest (201)
 * - `PUT /{id}` ZUpdateAppointmentRequest, `PUT /leave/{id}` ZUpdateLeaveAppointmentRequest: only the
 *   fields sent change; a field left out stays, a clearable field sent as null or '' is cleared
 * - `POST /{id}/reschedule` ZRescheduleAppointmentRequest → ZRescheduleAppointmentResponse
 * - `POST /{id}/approve` and `/{id}/reject` ZApprovalRequest (remark optional)
 * - `DELETE /{id}` (admin or superadmin) → `{ success, message }`
 * - `GET /my-role` → what the signed-in person may do (remark role, delete)
 * - `GET /users/find-by-phone`, `GET /users/search`: the person lookups (users.lookup.schemas.ts)
 *
 * Every single-record answer (get, create, update, reschedule, approve, reject) is the detail.
 *
 * Required fields of the two forms (section 5) are checked by the server after these schemas, so the
 * answer carries the spec's message: a 400 `{ code: 'VALIDATION_FAILED', message:
 * LEAVE_REQUIRED_MESSAGE, field, details: [{ field, message }] }` (see missingRequiredFields). The
 * server also checks what needs the clock or the database: dates today or later (Asia/Kolkata),
 * existing company and user, the status table (409), the remark a role may write (403).
 */

// ---------------------------------------------------------------------------------------------
// Records

export const ZAppointmentIdParams = z.object({
  id: z.coerce
    .number({ error: 'id must be a positive integer' })
    .int('id must be a positive integer')
    .positive('id must be a positive integer')
    .max(INT4_MAX, 'id is too large'),
});
export type TAppointmentIdParams = z.infer<typeof ZAppointmentIdParams>;

/** An appointment as the list, the detail and the print view read it (section 3). */
export const ZAppointment = z.object({
  id: z.number().int(),
  company_id: z.number().int().nullable(),
  company_name: z.string().nullable(),
  user_id: z.number().int().nullable(),
  role_id: z.number().int().nullable(),
  badge_number: z.string().nullable(),
  phone_number: z.string().nullable(),
  contact_number: z.string().nullable(),
  email: z.string().nullable(),
  first_name: z.string().nullable(),
  middle_name: z.string().nullable(),
  last_name: z.string().nullable(),
  full_name: z.string(),
  icard_no: z.string().nullable(),
  dgp_id: z.string().nullable(),
  designation_id: z.number().int().nullable(),
  designation_name: z.string().nullable(),
  /** The officer who took the officer's step (the dashboard's Officer column). */
  officer_id: z.number().int().nullable(),
  officer_name: z.string().nullable(),
  request_type: z.string(),
  appointment_date: z.string(),
  appointment_time: z.string(),
  notes: z.string().nullable(),
  additional_details: z.string().nullable(),
  purpose: z.string().nullable(),
  remarks: z.string().nullable(),
  preferred_date: z.string().nullable(),
  original_request_date: z.string().nullable(),
  status: z.string(),
  auto_scheduled: z.boolean(),
  whatsapp_enabled: z.boolean(),
  whatsapp_language: z.string(),
  is_leave_appointment: z.boolean(),
  leave_type: z.string().nullable(),
  /** The Marathi label of leave_sick and leave_absent, otherwise the leave type itself. */
  leave_type_label: z.string().nullable(),
  leave_start_date: z.string().nullable(),
  leave_end_date: z.string().nullable(),
  leave_reason: z.string().nullable(),
  date_of_joining: z.string().nullable(),
  rewards: z.number().int(),
  punishments: z.number().int(),
  remaining_al: z.number().int(),
  remaining_pl: z.number().int(),
  sick: z.number().int(),
  absent: z.number().int(),
  sick_hajar: z.number().int(),
  sick_gairhajar: z.number().int(),
  /** Sanitised rich text (HTML). */
  clerk_remarks: z.string().nullable(),
  officer_remarks: z.string().nullable(),
  commandant_remarks: z.string().nullable(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TAppointment = z.infer<typeof ZAppointment>;

export const APPOINTMENT_EVENTS = [
  'created',
  'status_changed',
  'remark_updated',
  'rescheduled',
  'approved',
  'rejected',
] as const;
export type AppointmentEventName = (typeof APPOINTMENT_EVENTS)[number];

/** One entry of the detail page's approval timeline, oldest first. */
export const ZAppointmentEvent = z.object({
  id: z.number().int(),
  event: z.enum(APPOINTMENT_EVENTS),
  from_status: z.string().nullable(),
  to_status: z.string().nullable(),
  /** Sanitised rich text written with the step, or null. */
  remark: z.string().nullable(),
  /** Null when the person was deleted since. */
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The remark role the person acted in (approve, reject, remark_updated); null otherwise. */
  role: z.enum(REMARK_ROLES).nullable(),
  /** A reschedule's old and new date and time. */
  reschedule: z
    .object({
      from_date: z.string(),
      from_time: z.string(),
      to_date: z.string(),
      to_time: z.string(),
      auto: z.boolean(),
    })
    .nullable(),
  at: z.string(),
});
export type TAppointmentEvent = z.infer<typeof ZAppointmentEvent>;

/** What the signed-in person may do (section 6 and the approval chain), computed by the server. */
export const ZAppointmentAbilities = z.object({
  /** clerk, officer, commandant or null: `approvalRoleOf` (admin and superadmin: commandant; else the designation's approval role). */
  remark_role: z.enum(REMARK_ROLES).nullable(),
  /** The only remark field this person may write, or null. */
  remark_field: z.enum(['clerk_remarks', 'officer_remarks', 'commandant_remarks']).nullable(),
  can_delete: z.boolean(),
});
export type TAppointmentAbilities = z.infer<typeof ZAppointmentAbilities>;

export const ZAppointmentDetail = ZAppointment.extend({
  timeline: z.array(ZAppointmentEvent),
  /** For this appointment and this person: may they approve or reject now? */
  abilities: ZAppointmentAbilities.extend({
    can_approve: z.boolean(),
    can_reject: z.boolean(),
    /** May the business fields (person, company, dates, leave details) still change, and by this person? */
    can_edit: z.boolean(),
    can_reschedule: z.boolean(),
    /** The statuses the edit form offers this person (the current one first). */
    status_choices: z.array(z.string()),
    /** A status set by hand needs `status_reason` from this person (administrators). */
    status_reason_required: z.boolean(),
  }),
});
export type TAppointmentDetail = z.infer<typeof ZAppointmentDetail>;

// ---------------------------------------------------------------------------------------------
// List

/** `phone_number` is normalised (digits, a 91 prefix dropped); `search` looks in names, phone, badge, DGP ID, notes and details. */
export const ZAppointmentListQuery = pageQuery(APPOINTMENTS_PAGE_MAX, APPOINTMENTS_PAGE_DEFAULT).extend({
  search: queryText('search', 100),
  status: z.preprocess(blankAsAbsent, status.optional()),
  company_id: queryId,
  phone_number: queryText('phone_number', 32),
  appointment_date: z.preprocess(
    blankAsAbsent,
    z.string().refine(isCalendarDate, 'appointment_date must be a valid date (YYYY-MM-DD)').optional(),
  ),
  request_type: z.preprocess(blankAsAbsent, requestType.optional()),
  /** The list's tabs: true for leave requests, false for orderly-room ones. */
  is_leave_appointment: queryBoolean,
  sortBy: z.preprocess(
    blankAsAbsent,
    z
      .enum(APPOINTMENT_SORT_FIELDS, { error: `sortBy must be one of: ${APPOINTMENT_SORT_FIELDS.join(', ')}` })
      .default('created_at'),
  ),
  sortOrder: z.preprocess(
    blankAsAbsent,
    z.enum(['asc', 'desc'], { error: 'sortOrder must be asc or desc' }).default('desc'),
  ),
});
export type TAppointmentListQuery = z.infer<typeof ZAppointmentListQuery>;
export const ZAppointmentListResponse = pagedResponse(ZAppointment);

/** GET /waiting: the requests waiting for the signed-in person's step, earliest date first, whatever the date. */
export const ZWaitingAppointmentsQuery = pageQuery(APPOINTMENTS_PAGE_MAX, APPOINTMENTS_PAGE_DEFAULT);
export type TWaitingAppointmentsQuery = z.infer<typeof ZWaitingAppointmentsQuery>;
export type TAppointmentListResponse = z.infer<typeof ZAppointmentListResponse>;

// ---------------------------------------------------------------------------------------------
// Create and update

/**
 * POST /appointments (orderly room, section 7): company and user are required (ORDERLY_ROOM_REQUIRED_MESSAGE);
 * name, email, DGP ID, designation and, unless sent, phone and badge number come from the user; a
 * phone is required (the user's or the one sent). appointment_date defaults to preferred_date, else
 * today; appointment_time to 12:00:00. request_type defaults to 'orderly room'.
 */
export const ZCreateOrderlyRoomAppointmentRequest = z.object({
  company_id: requiredReference('Company').optional(),
  user_id: requiredReference('User').optional(),
  request_type: requestType.optional(),
  status: initialStatus,
  ...requesterFields,
});
export type TCreateOrderlyRoomAppointmentRequest = z.input<typeof ZCreateOrderlyRoomAppointmentRequest>;
export type TCreateOrderlyRoomAppointment = z.output<typeof ZCreateOrderlyRoomAppointmentRequest>;

/**
 * POST /appointments/leave (section 2.4): company, user, leave type, start and end dates and reason
 * are required (LEAVE_REQUIRED_MESSAGE); the end date may not precede the start; appointment_date
 * defaults to today and must be today or later; appointment_time defaults to 12:00:00; counters are
 * whole numbers of 0 or more (default 0). A remark may be sent only by its role (403 otherwise).
 */
export const ZCreateLeaveAppointmentRequest = z.object({
  company_id: requiredReference('Company').optional(),
  user_id: requiredReference('User').optional(),
  request_type: requestType.optional(),
  status: initialStatus,
  ...requesterFields,
  ...leaveFields,
  ...remarkFields,
  /** "File and forward to the officer": the filing clerk's own step in the same transaction (403 when not hers to take). */
  forward_to_officer: z.boolean({ error: 'forward_to_officer must be true or false' }).optional(),
});
export type TCreateLeaveAppointmentRequest = z.input<typeof ZCreateLeaveAppointmentRequest>;
export type TCreateLeaveAppointment = z.output<typeof ZCreateLeaveAppointmentRequest>;

/**
 * PUT /appointments/{id}: only the fields sent change. A new user_id refills the requester's details
 * from that user (except those sent alongside). A status change must follow MANUAL_STATUS_TRANSITIONS
 * (409 otherwise); a remark sent that differs from the stored one must be the sender's own (403).
 */
export const ZUpdateAppointmentRequest = z.object({
  company_id: reference('Company').optional(),
  user_id: reference('User').optional(),
  request_type: requestType.optional(),
  status: status.optional(),
  /** Why an administrator sets the status by hand (required from them when the status changes); kept in the audit and the timeline. */
  status_reason: z.preprocess(
    blankAsAbsent,
    z.string({ error: 'Reason must be text' }).trim().max(500, 'Reason must be at most 500 characters').optional(),
  ),
  ...requesterFields,
  ...remarkFields,
});
export type TUpdateAppointmentRequest = z.input<typeof ZUpdateAppointmentRequest>;
export type TUpdateAppointment = z.output<typeof ZUpdateAppointmentRequest>;

/** PUT /appointments/leave/{id}: the same, plus the leave fields; a required leave field cannot be cleared. */
export const ZUpdateLeaveAppointmentRequest = ZUpdateAppointmentRequest.extend(leaveFields);
export type TUpdateLeaveAppointmentRequest = z.input<typeof ZUpdateLeaveAppointmentRequest>;
export type TUpdateLeaveAppointment = z.output<typeof ZUpdateLeaveAppointmentRequest>;

// ---------------------------------------------------------------------------------------------
// Reschedule, approval steps

/**
 * `{ appointment_date, appointment_time? }` (the time stays when not sent) or `{ auto_reschedule: true }`.
 * A manual slot must be today or later and free for the company (409 otherwise). The automatic one
 * takes the next working day (Monday–Saturday) at the same time, or the next free 15-minute slot
 * between 10:00 and 17:00. Either way the status becomes rescheduled and original_request_date stays.
 */
export const ZRescheduleAppointmentRequest = z
  .object({
    appointment_date: dateValue('Appointment date').optional(),
    appointment_time: timeValue.optional(),
    auto_reschedule: z.boolean({ error: 'auto_reschedule must be true or false' }).optional(),
  })
  .superRefine((input, context) => {
    if (input.auto_reschedule !== true && !input.appointment_date) {
      context.addIssue({
        code: 'custom',
        path: ['appointment_date'],
        message: 'Appointment date is required unless auto_reschedule is true',
      });
    }
  });
export type TRescheduleAppointmentRequest = z.input<typeof ZRescheduleAppointmentRequest>;
export type TRescheduleAppointment = z.output<typeof ZRescheduleAppointmentRequest>;

/** POST /appointments/{id}/approve and /reject: the remark is stored in the column of the person's role. */
export const ZApprovalRequest = z.object({ remark: remarkValue('Remark').optional() });
export type TApprovalRequest = z.input<typeof ZApprovalRequest>;

// ---------------------------------------------------------------------------------------------
// Answers

export const ZAppointmentResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: z.object({ appointment: ZAppointmentDetail }),
});
export type TAppointmentResponse = z.infer<typeof ZAppointmentResponse>;

/** The reschedule answer also names the new date and time (and whether the server chose them). */
export const ZRescheduleAppointmentResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    appointment: ZAppointmentDetail,
    rescheduled: z.object({ appointment_date: z.string(), appointment_time: z.string(), auto: z.boolean() }),
  }),
});
export type TRescheduleAppointmentResponse = z.infer<typeof ZRescheduleAppointmentResponse>;

/** GET /appointments/leave/previous-counters?user_id=: whose previous leave request fills the form's counters. */
export const ZPreviousLeaveCountersQuery = z.object({
  user_id: queryId.refine((id) => id !== undefined, 'User is required'),
});
export type TPreviousLeaveCountersQuery = z.input<typeof ZPreviousLeaveCountersQuery>;

/** The counters and date of joining of the person's latest leave request the asker may read; null when there is none. */
export const ZPreviousLeaveCounters = z.object({
  appointment_id: z.number().int(),
  // The same fields as the appointment's, taken from it: a new counter is added in one place.
  ...ZAppointment.pick({
    leave_start_date: true,
    date_of_joining: true,
    ...(Object.fromEntries(LEAVE_COUNTERS.map((name) => [name, true])) as Record<LeaveCounter, true>),
  }).shape,
});
export type TPreviousLeaveCounters = z.infer<typeof ZPreviousLeaveCounters>;
export const ZPreviousLeaveCountersResponse = z.object({
  success: z.literal(true),
  data: z.object({ previous: ZPreviousLeaveCounters.nullable() }),
});
export type TPreviousLeaveCountersResponse = z.infer<typeof ZPreviousLeaveCountersResponse>;

/** GET /appointments/my-role: what the leave form and the dashboard need to know about the signed-in person. */
export const ZMyAppointmentRoleResponse = z.object({ success: z.literal(true), data: ZAppointmentAbilities });
export type TMyAppointmentRoleResponse = z.infer<typeof ZMyAppointmentRoleResponse>;
