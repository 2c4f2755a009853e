import { tenDigitPhone } from '../common/phone.js';
import { DGP_ID_PATTERN } from '../users/users.rules.js';

export const LOGIN_EMAIL_MIN = 5;
export const LOGIN_PASSWORD_MIN = 6;

export type LoginFieldError = 'identifier_required' | 'identifier_invalid' | 'password_required' | 'password_short';

/**
 * What a person signs in with, normalised as the account stores it: an email (lower case), a
 * 10-digit mobile number (`users.phone_number`) or a Sevarth ID / DGP ID (`users.dgp_id`, capitals).
 */
export type SignInIdentifier =
  { kind: 'email'; value: string } | { kind: 'phone'; value: string } | { kind: 'dgp_id'; value: string };

/** Digits with the separators people type in a number (spaces, dashes, brackets, dots, a leading +). */
const PHONE_AS_TYPED = /^\+?[\d\s().-]+$/;

/**
 * A mobile number as typed: formatting removed, then +91 / 91 before 10 digits (the app's rule,
 * `tenDigitPhone`) or a trunk 0 before them is dropped. Null unless exactly 10 digits remain.
 */
export function signInPhone(input: string): string | null {
  const value = input.trim();
  if (!PHONE_AS_TYPED.test(value)) return null;
  const digits = value.replace(/\D/g, '');
  return tenDigitPhone(digits.length === 11 && digits.startsWith('0') ? digits.slice(1) : digits);
}

/**
 * Which identifier the sign-in field holds, or null when it is none of them. Anything with an @ is
 * an email (the spec's rule: an @ and 5 characters at least, nothing more, as before); otherwise a
 * Sevarth ID in any letter case, or a mobile number as typed.
 */
export function signInIdentifierOf(input: string): SignInIdentifier | null {
  const value = input.trim();
  if (value.includes('@'))
    return value.length >= LOGIN_EMAIL_MIN ? { kind: 'email', value: value.toLowerCase() } : null;
  const dgpId = value.toUpperCase();
  if (DGP_ID_PATTERN.test(dgpId)) return { kind: 'dgp_id', value: dgpId };
  const phone = signInPhone(value);
  return phone === null ? null : { kind: 'phone', value: phone };
}

/** The sign-in field's rule, as a message key the web app translates. */
export function loginIdentifierError(input: string): LoginFieldError | null {
  if (input.trim() === '') return 'identifier_required';
  return signInIdentifierOf(input) === null ? 'identifier_invalid' : null;
}

export function loginPasswordError(password: string): LoginFieldError | null {
  if (password === '') return 'password_required';
  if (password.length < LOGIN_PASSWORD_MIN) return 'password_short';
  return null;
}
