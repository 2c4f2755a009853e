import { z } from 'zod';
import { APPOINTMENT_STATUSES } from '../common/status.js';
import { phoneField } from '../users/users.fields.js';
import {
  INITIAL_APPOINTMENT_STATUS,
  isCalendarDate,
  LEAVE_COUNTER_MAX,
  normaliseTime,
  REQUEST_TYPES,
  WHATSAPP_LANGUAGES,
} from './appointments.rules.js';

/** Field builders and field groups of the appointment requests (appointments.schemas.ts). */

export const INT4_MAX = 2_147_483_647;

// ---------------------------------------------------------------------------------------------
// Field builders (local to this file)

/** Forms send numbers from selects and number inputs as strings; digit strings are accepted. */
export const numberFromForm = (value: unknown) =>
  typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
export const blankAsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
export const blankAsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** PostgreSQL text cannot hold NUL characters: refused here instead of failing in the database. */
export const hasNoNul = (value: string) => !value.includes('\u0000');

/** Text that may be cleared: blank or null is stored as null. */
export function optionalText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(hasNoNul, `${label} must not contain NUL characters`)
    .nullable()
    .transform((value) => (value ? value : null));
}

/** Free text of a query string, trimmed; blank means absent. */
export function queryText(label: string, max: number) {
  return z.preprocess(
    blankAsAbsent,
    z
      .string()
      .trim()
      .max(max, `At most ${max} characters`)
      .refine(hasNoNul, `${label} must not contain NUL characters`)
      .optional(),
  );
}

export function idValue(label: string) {
  return z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be a positive number`)
    .max(INT4_MAX, `${label} is too large`);
}

/** A reference that must end up set; null or blank is "missing" and reported with the form's message. */
export const requiredReference = (label: string) =>
  z.preprocess((value) => blankAsNull(numberFromForm(value)), idValue(label).nullable());
export const reference = (label: string) => z.preprocess(numberFromForm, idValue(label));

/** A YYYY-MM-DD calendar date; blank or null is null. */
export function dateValue(label: string) {
  return z.preprocess(
    blankAsNull,
    z
      .string({ error: `${label} must be a date (YYYY-MM-DD)` })
      .trim()
      .refine(isCalendarDate, `${label} must be a valid date (YYYY-MM-DD)`)
      .nullable(),
  );
}

/** 'HH:MM' or 'HH:MM:SS', stored as 'HH:MM:SS'. */
export const timeValue = z.string({ error: 'Appointment time must be a time (HH:MM)' }).transform((value, context) => {
  const time = normaliseTime(value);
  if (time === null) {
    context.addIssue({ code: 'custom', message: 'Appointment time must be a valid time (HH:MM)' });
    return z.NEVER;
  }
  return time;
});

/** A leave counter: a whole number of 0 or more; an empty field counts 0. */
export function counter(label: string) {
  const message = `${label} must be a whole number of 0 or more`;
  return z.preprocess(
    (value) => blankAsNull(numberFromForm(value)),
    z
      .number({ error: message })
      .int(message)
      .min(0, message)
      .max(LEAVE_COUNTER_MAX, `${label} must be at most ${LEAVE_COUNTER_MAX}`)
      .nullable()
      .transform((value) => value ?? 0),
  );
}

export const REMARK_MAX = 20_000;
/** Rich text (HTML from the editor); the server keeps only the editor's own tags and safe links. */
export const remarkValue = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .max(REMARK_MAX, `${label} must be at most ${REMARK_MAX} characters`)
    .refine(hasNoNul, `${label} must not contain NUL characters`)
    .nullable();

export const requestType = z.enum(REQUEST_TYPES, { error: `Request type must be one of: ${REQUEST_TYPES.join(', ')}` });
export const status = z.enum(APPOINTMENT_STATUSES, {
  error: `Status must be one of: ${APPOINTMENT_STATUSES.join(', ')}`,
});
/** Create accepts only 'scheduled' (section 4: new appointments can only be created as scheduled). */
export const initialStatus = z.preprocess(
  blankAsAbsent,
  z.literal(INITIAL_APPOINTMENT_STATUS, { error: 'New appointments are always created as scheduled' }).optional(),
);
export const whatsappLanguage = z.enum(WHATSAPP_LANGUAGES, {
  error: `WhatsApp language must be one of: ${WHATSAPP_LANGUAGES.join(', ')}`,
});
export const whatsappEnabled = z.boolean({ error: 'whatsapp_enabled must be true or false' });
/** Badge numbers are stored as text on an appointment (the user's badge_no is an integer). */
export const badgeNumber = z.preprocess(
  (value) => (typeof value === 'number' ? String(value) : value),
  optionalText('Badge number', 20),
);

/** Requester details filled from the chosen user; the form may send its own phone, badge and contact. */
export const requesterFields = {
  badge_number: badgeNumber.optional(),
  phone_number: phoneField.optional(),
  contact_number: optionalText('Contact number', 32).optional(),
  notes: optionalText('Notes', 2000).optional(),
  additional_details: optionalText('Additional details', 4000).optional(),
  purpose: optionalText('Purpose', 1000).optional(),
  remarks: optionalText('Remarks', 4000).optional(),
  preferred_date: dateValue('Preferred date').optional(),
  appointment_date: dateValue('Appointment date').optional(),
  appointment_time: timeValue.optional(),
  whatsapp_enabled: whatsappEnabled.optional(),
  whatsapp_language: whatsappLanguage.optional(),
};

export const remarkFields = {
  clerk_remarks: remarkValue('Clerk remarks').optional(),
  officer_remarks: remarkValue('Officer remarks').optional(),
  commandant_remarks: remarkValue('Commandant remarks').optional(),
};

export const leaveFields = {
  leave_type: optionalText('Leave type', 100).optional(),
  leave_start_date: dateValue('Start date').optional(),
  leave_end_date: dateValue('End date').optional(),
  leave_reason: optionalText('Reason', 2000).optional(),
  date_of_joining: dateValue('Date of joining').optional(),
  rewards: counter('Rewards').optional(),
  punishments: counter('Punishments').optional(),
  remaining_al: counter('Remaining AL').optional(),
  remaining_pl: counter('Remaining PL').optional(),
  sick: counter('Sick').optional(),
  absent: counter('Absent').optional(),
  sick_hajar: counter('Sick hajar').optional(),
  sick_gairhajar: counter('Sick gairhajar').optional(),
};
