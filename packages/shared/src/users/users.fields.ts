import { z } from 'zod';
import { tenDigitPhone } from '../common/phone.js';
import {
  BADGE_NO_MAX,
  DGP_ID_MAX,
  DGP_ID_MESSAGE,
  EMAIL_MAX,
  ICARD_NO_MAX,
  isValidDgpId,
  isValidEmail,
  NAME_MAX,
  NAME_MIN,
  normaliseDgpId,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from './users.rules.js';

/** zod field builders shared by the user form, the create/update requests and the profile request. */

const INT4_MAX = 2_147_483_647;

/** A required text: the spec's "X is required" when missing or blank, and a type message otherwise. */
export function requiredText(label: string) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`,
    })
    .trim()
    .min(1, { message: `${label} is required`, abort: true });
}

export function nameField(label: string) {
  return requiredText(label)
    .min(NAME_MIN, `${label} must be at least ${NAME_MIN} characters`)
    .max(NAME_MAX, `${label} must be at most ${NAME_MAX} characters`);
}

/**
 * Text that may be cleared: blank or null means "none" (stored as null). Objects wrap these fields in
 * `.optional()`, so a field left out of an update stays unchanged instead of being cleared.
 */
export function optionalText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .transform((value) => (value ? value : null));
}

export const emailField = requiredText('Email')
  .toLowerCase()
  .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
  .refine(isValidEmail, 'Please enter a valid email address');

/** Digits only, a 91 prefix of a 12-digit number dropped, exactly 10 left; blank means no phone. */
export const phoneField = z
  .string({ error: 'Phone number must be text' })
  .max(32, 'Phone number must be exactly 10 digits')
  .nullable()
  .transform((value, context) => {
    if (value === null || value.trim() === '') return null;
    const phone = tenDigitPhone(value);
    if (phone === null) {
      context.addIssue({ code: 'custom', message: 'Phone number must be exactly 10 digits' });
      return z.NEVER;
    }
    return phone;
  });

export const passwordField = (requiredMessage: string) =>
  z
    .string({
      error: (issue) => (issue.input === undefined || issue.input === null ? requiredMessage : 'Password must be text'),
    })
    .min(1, requiredMessage)
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const roleField = z
  .string({ error: 'Role must be text' })
  .trim()
  .toLowerCase()
  .min(1, 'Role is required')
  .max(50, 'Role must be at most 50 characters');

/** Forms send numbers from selects as strings; both are accepted. */
const numberFromForm = (value: unknown) =>
  typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
const blankAsNull = (value: unknown) => (value === '' ? null : value);

export function idField(label: string) {
  return z.preprocess(
    numberFromForm,
    z
      .number({
        error: (issue) =>
          issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be a number`,
      })
      .int(`${label} must be a whole number`)
      .positive(`${label} must be a positive number`)
      .max(INT4_MAX, `${label} is too large`),
  );
}

export function optionalIdField(label: string) {
  return z.preprocess(
    (value) => numberFromForm(blankAsNull(value)),
    z
      .number({ error: `${label} must be a number` })
      .int(`${label} must be a whole number`)
      .positive(`${label} must be a positive number`)
      .max(INT4_MAX, `${label} is too large`)
      .nullable(),
  );
}

export const badgeNoField = z.preprocess(
  (value) => numberFromForm(blankAsNull(value)),
  z
    .number({ error: 'Badge number must be a number' })
    .int('Badge number must be a whole number')
    .min(1, 'Badge number must be at least 1')
    .max(BADGE_NO_MAX, 'Badge number is too large')
    .nullable(),
);

export const dgpIdField = z
  .string({ error: 'DGP ID must be text' })
  .max(64, `DGP ID must be at most ${DGP_ID_MAX} characters`)
  .nullable()
  .transform((value, context) => {
    const id = normaliseDgpId(value ?? '');
    if (id === '') return null;
    if (id.length > DGP_ID_MAX)
      context.addIssue({ code: 'custom', message: `DGP ID must be at most ${DGP_ID_MAX} characters` });
    else if (!isValidDgpId(id)) context.addIssue({ code: 'custom', message: DGP_ID_MESSAGE });
    return id;
  });

/** Icard numbers are written with letters or digits; a number sent by a form is kept as text. */
export const icardNoField = z.preprocess(
  (value) => (typeof value === 'number' ? String(value) : value),
  optionalText('Icard number', ICARD_NO_MAX),
);
