import { ADMIN_ROLES } from '../common/permissions.js';
import { isPendingStatus, type AppointmentStatus } from '../common/status.js';

/**
 * The appointment rules both sides need (spec document 2, sections 2.2–2.5, 3, 4, 5, 6 and the
 * appointments issue). Pure functions without zod, so the web can import them from
 * `@srpf/shared/appointments/appointments.rules` without pulling zod into a page.
 */

// ---------------------------------------------------------------------------------------------
// Request types, leave types, defaults

/** As the spec writes them: two with a space, three with an underscore (section 3). */
export const REQUEST_TYPES = ['leave related', 'orderly room', 'leave_conversion', 'leave_remaining', 'other'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];
export const LEAVE_REQUEST_TYPE: RequestType = 'leave related';
export const ORDERLY_ROOM_REQUEST_TYPE: RequestType = 'orderly room';

export const isRequestType = (value: string): value is RequestType =>
  (REQUEST_TYPES as readonly string[]).includes(value);

/**
 * Leave types are free text; the known ones are stored as stable codes and named in the reader's
 * language by the web (locales `appointments.leaveTypes.<code>`). The spec's two (section 2.4) keep
 * their codes and the Marathi labels the spec gives them in every language: leave_sick reads
 * 'returning present from absent', leave_absent 'returning present from sick' (the pairing looks
 * crossed but is the spec's, kept as written). The others are the kinds of leave of the Maharashtra
 * Civil Services (Leave) Rules, 1981 that a force grants.
 */
export const LEAVE_TYPE_LABELS: Readonly<Record<string, string>> = {
  leave_sick: 'गैरहजेरीतून हजर',
  leave_absent: 'आजारपणातून हजर',
};
/** The English names of the other known codes: what the API answers as `leave_type_label`. */
export const LEAVE_TYPE_ENGLISH_NAMES: Readonly<Record<string, string>> = {
  leave_earned: 'Earned leave',
  leave_half_pay: 'Half-pay leave',
  leave_commuted: 'Commuted leave',
  leave_casual: 'Casual leave',
  leave_medical: 'Medical leave',
  leave_maternity: 'Maternity leave',
  leave_paternity: 'Paternity leave',
  leave_special_casual: 'Special casual leave',
};
/** Every known code, in the order the form offers them: the rules' kinds first, then the spec's two. */
export const KNOWN_LEAVE_TYPES: readonly string[] = [
  ...Object.keys(LEAVE_TYPE_ENGLISH_NAMES),
  ...Object.keys(LEAVE_TYPE_LABELS),
];
/** The spec's two, whose label is Marathi in every language. */
export const isMarathiOnlyLeaveType = (value: string): boolean => value in LEAVE_TYPE_LABELS;
export const isKnownLeaveType = (value: string): boolean => KNOWN_LEAVE_TYPES.includes(value);

/** The label the API gives a stored leave type: the spec's Marathi text, a known code's English name, else the text itself. */
export function leaveTypeLabel(value: string | null | undefined): string {
  if (!value) return '';
  return LEAVE_TYPE_LABELS[value] ?? LEAVE_TYPE_ENGLISH_NAMES[value] ?? value;
}

/** The days of a leave, both ends counted (1 for a single day); null unless both are dates in order. */
export function leaveDays(start: string, end: string): number | null {
  if (!isCalendarDate(start) || !isCalendarDate(end) || end < start) return null;
  const dayMs = 86_400_000;
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / dayMs) + 1;
}

export const DEFAULT_APPOINTMENT_TIME = '12:00:00';
export const WHATSAPP_LANGUAGES = ['en', 'mr', 'hi'] as const;
export type WhatsappLanguage = (typeof WHATSAPP_LANGUAGES)[number];
export const DEFAULT_WHATSAPP_LANGUAGE: WhatsappLanguage = 'en';

/** The list's page sizes (section 9); the server allows up to APPOINTMENTS_PAGE_MAX. */
export const APPOINTMENT_PAGE_SIZES = [10, 20, 50] as const;
export const APPOINTMENTS_PAGE_DEFAULT = 10;
export const APPOINTMENTS_PAGE_MAX = 100;

/**
 * `upcoming`: today's and later appointments first, earliest first, then the past ones, latest first
 * (the order ignores sortOrder). `full_name`: the applicant's name as the list shows it, ignoring case.
 */
export const APPOINTMENT_SORT_FIELDS = [
  'created_at',
  'appointment_date',
  'appointment_time',
  'status',
  'upcoming',
  'full_name',
] as const;
export type AppointmentSortField = (typeof APPOINTMENT_SORT_FIELDS)[number];

/** The leave form's counters: whole numbers of 0 or more (also a check constraint in the database). */
export const LEAVE_COUNTERS = [
  'rewards',
  'punishments',
  'remaining_al',
  'remaining_pl',
  'sick',
  'absent',
  'sick_hajar',
  'sick_gairhajar',
] as const;
export type LeaveCounter = (typeof LEAVE_COUNTERS)[number];
export const LEAVE_COUNTER_MAX = 100_000;

/** A time of day as stored: 'HH:MM' or 'HH:MM:SS' becomes 'HH:MM:SS'; anything else is null. */
export function normaliseTime(input: string): string | null {
  const match = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(input.trim());
  if (!match) return null;
  const [hours, minutes, seconds] = [Number(match[1]), Number(match[2]), Number(match[3] ?? '0')];
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  return `${match[1]}:${match[2]}:${match[3] ?? '00'}`;
}

/** A real calendar date written YYYY-MM-DD (2026-02-30 is refused). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const moment = new Date(Date.UTC(year, month - 1, day));
  return moment.getUTCFullYear() === year && moment.getUTCMonth() === month - 1 && moment.getUTCDate() === day;
}

// ---------------------------------------------------------------------------------------------
// Required fields of the two forms (section 5), checked by the form and again by the server

export const LEAVE_REQUIRED_MESSAGE = 'Please fill required fields: Company, User, Leave Type, Start/End Dates, Reason';
export const ORDERLY_ROOM_REQUIRED_MESSAGE = 'Please fill in all required fields: Company and User';

/** Each required field of the leave form with its own message (the details of the 400). */
export const LEAVE_REQUIRED_FIELDS = {
  company_id: 'Company is required',
  user_id: 'User is required',
  leave_type: 'Leave type is required',
  leave_start_date: 'Start date is required',
  leave_end_date: 'End date is required',
  leave_reason: 'Reason is required',
} as const;

export const ORDERLY_ROOM_REQUIRED_FIELDS = {
  company_id: 'Company is required',
  user_id: 'User is required',
} as const;

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The required fields left empty, in the form's order: [] when the form may be sent. */
export function missingRequiredFields<K extends string>(
  required: Partial<Record<K, string>>,
  input: object,
): { field: K; message: string }[] {
  const values = input as Partial<Record<K, unknown>>;
  return (Object.keys(required) as K[])
    .filter((field) => isBlank(values[field]))
    .map((field) => ({ field, message: required[field]! }));
}

// ---------------------------------------------------------------------------------------------
// Status changes

/** Every appointment starts here; create refuses any other status (section 4). */
export const INITIAL_APPOINTMENT_STATUS: AppointmentStatus = 'scheduled';

/** The statuses the edit form offers (section 4). */
export const EDIT_FORM_STATUSES = [
  'scheduled',
  'completed',
  'cancelled',
  'rescheduled',
] as const satisfies readonly AppointmentStatus[];

/**
 * The status changes an edit (PUT) may make. approved, rejected, pending_officer and pending_final are
 * reached only through the approval steps (approve/reject), so an edit can never skip a step of the
 * chain; completed, rejected and cancelled are final. rescheduled is also what the reschedule call
 * sets, from any status that is not final.
 */
export const MANUAL_STATUS_TRANSITIONS: Readonly<Record<AppointmentStatus, readonly AppointmentStatus[]>> = {
  scheduled: ['pending', 'pending_clerk', 'completed', 'cancelled', 'rescheduled', 'deferred', 'no_show'],
  pending: ['scheduled', 'pending_clerk', 'completed', 'cancelled', 'rescheduled', 'deferred', 'no_show'],
  pending_clerk: ['scheduled', 'pending', 'cancelled', 'rescheduled', 'deferred'],
  pending_officer: ['cancelled', 'rescheduled', 'deferred'],
  pending_final: ['cancelled', 'rescheduled', 'deferred'],
  approved: ['completed', 'cancelled', 'rescheduled', 'deferred', 'no_show'],
  rescheduled: [
    'scheduled',
    'pending',
    'pending_clerk',
    'completed',
    'cancelled',
    'rescheduled',
    'deferred',
    'no_show',
  ],
  deferred: ['scheduled', 'rescheduled', 'cancelled'],
  no_show: ['rescheduled', 'cancelled'],
  completed: [],
  rejected: [],
  cancelled: [],
};

/** May an edit move an appointment from one status to another? Keeping the same status always may. */
export function canChangeStatus(from: string, to: string): boolean {
  if (from === to) return true;
  const allowed = MANUAL_STATUS_TRANSITIONS[from as AppointmentStatus];
  return allowed !== undefined && (allowed as readonly string[]).includes(to);
}

/** The statuses an edit may choose from the current one (the current one first). */
export function statusChoicesFrom(from: string): string[] {
  const allowed = MANUAL_STATUS_TRANSITIONS[from as AppointmentStatus] ?? [];
  return [from, ...allowed.filter((status) => status !== from)];
}

/** Rescheduling (by hand or automatically) is possible from every status that is not final. */
export function canReschedule(status: string): boolean {
  return canChangeStatus(status, 'rescheduled');
}

// ---------------------------------------------------------------------------------------------
// Who acts as clerk, officer or commandant (section 6)

export const REMARK_ROLES = ['clerk', 'officer', 'commandant'] as const;
export type RemarkRole = (typeof REMARK_ROLES)[number];

export const REMARK_FIELDS = {
  clerk: 'clerk_remarks',
  officer: 'officer_remarks',
  commandant: 'commandant_remarks',
} as const satisfies Record<RemarkRole, string>;
export type RemarkField = (typeof REMARK_FIELDS)[RemarkRole];
export const REMARK_FIELD_NAMES = Object.values(REMARK_FIELDS) as RemarkField[];

/** The role with its article, for messages: 'a clerk', 'an officer', 'a commandant'. */
export const REMARK_ROLE_WITH_ARTICLE: Record<RemarkRole, string> = {
  clerk: 'a clerk',
  officer: 'an officer',
  commandant: 'a commandant',
};

/** The roles that act as commandant in the chain whatever their designation (the authorization issue). */
export const COMMANDANT_ROLES = ADMIN_ROLES;

/**
 * The remark role of a person (who takes which approval step and writes which remark), from data
 * only: the admin and superadmin roles act as commandant whatever their designation; everybody else
 * has the approval role of their designation record (`designations.approval_role`, set by
 * administrators), where 'none', no designation or an unknown value gives no remark role (null: the
 * person writes no remark and takes no step). Neither the free-text designation nor any other role
 * name (officer, executive …) grants anything, so an imported "Executive Assistant" gets nothing
 * unless an administrator gave that designation an approval role.
 */
export function approvalRoleOf(person: {
  role?: string | null;
  designationApprovalRole?: string | null;
}): RemarkRole | null {
  const role = (person.role ?? '').trim().toLowerCase();
  if ((COMMANDANT_ROLES as readonly string[]).includes(role)) return 'commandant';
  const fromDesignation = person.designationApprovalRole;
  return fromDesignation && (REMARK_ROLES as readonly string[]).includes(fromDesignation)
    ? (fromDesignation as RemarkRole)
    : null;
}

/** The one remark field a person may write, or null. */
export function remarkFieldOf(role: RemarkRole | null): RemarkField | null {
  return role ? REMARK_FIELDS[role] : null;
}

// ---------------------------------------------------------------------------------------------
// The approval chain (the appointments issue)

/**
 * Each role's step: the statuses it acts on and where its approval leads. A clerk moves a new request
 * to the officer, the officer to the final decision, and a commandant (or an administrator) decides
 * at any point of the pending group. Rejecting is possible from the same statuses as approving.
 */
export const APPROVAL_STEPS: Readonly<
  Record<RemarkRole, { from: readonly AppointmentStatus[]; to: AppointmentStatus }>
> = {
  clerk: { from: ['scheduled', 'pending', 'pending_clerk'], to: 'pending_officer' },
  officer: { from: ['pending_officer'], to: 'pending_final' },
  commandant: { from: ['scheduled', 'pending', 'pending_clerk', 'pending_officer', 'pending_final'], to: 'approved' },
};

export type ApprovalDecision = 'approve' | 'reject';

export type ApprovalOutcome =
  { ok: true; to: AppointmentStatus } | { ok: false; reason: 'forbidden' | 'conflict'; message: string };

/** Whose turn it is at a status of the pending group (the dashboard's "waiting for"). */
export function awaitingRole(status: string): RemarkRole | null {
  if (status === 'pending_officer') return 'officer';
  if (status === 'pending_final') return 'commandant';
  if (isPendingStatus(status)) return 'clerk';
  return null;
}

/**
 * The result of a person of `role` approving or rejecting an appointment in `status`: the new status,
 * or why not. Forbidden (403) when the person has no remark role or it is not their step; conflict
 * (409) when the status is outside the pending group, so no step applies to it.
 */
export function approvalOutcome(role: RemarkRole | null, status: string, decision: ApprovalDecision): ApprovalOutcome {
  const verb = decision === 'approve' ? 'approve' : 'reject';
  if (!role)
    return {
      ok: false,
      reason: 'forbidden',
      message: `Only a clerk, an officer or a commandant can ${verb} appointments`,
    };
  if (!isPendingStatus(status)) {
    return {
      ok: false,
      reason: 'conflict',
      message: `This appointment is ${status.replace(/_/g, ' ')}; only a pending appointment can be ${decision === 'approve' ? 'approved' : 'rejected'}`,
    };
  }
  const step = APPROVAL_STEPS[role];
  if (!(step.from as readonly string[]).includes(status)) {
    const waiting = awaitingRole(status);
    return {
      ok: false,
      reason: 'forbidden',
      message: `This appointment is waiting for the ${waiting ?? 'next'} step; ${REMARK_ROLE_WITH_ARTICLE[role]} cannot ${verb} it now`,
    };
  }
  return { ok: true, to: decision === 'approve' ? step.to : 'rejected' };
}

/** May this person take the next step (approve or reject) on an appointment in this status? */
export function canTakeApprovalStep(role: RemarkRole | null, status: string): boolean {
  return approvalOutcome(role, status, 'approve').ok;
}
