/** Rules of the user form, the CSV import and the password change (document 2, section 5). */

export const NAME_MIN = 2;
export const NAME_MAX = 100;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const EMAIL_MAX = 254;
export const DGP_ID_MAX = 11;
export const BADGE_NO_MAX = 2_147_483_647;
export const ICARD_NO_MAX = 50;

/** The DGP ID, also called SEVARTH ID: 7 capital letters, then 4 digits. */
export const DGP_ID_PATTERN = /^[A-Z]{7}\d{4}$/;
export const DGP_ID_MESSAGE = 'DGP ID must be 7 capital letters followed by 4 digits';

/** The form upper-cases what is typed; so does the server. */
export function normaliseDgpId(input: string): string {
  return input.trim().toUpperCase();
}

export function isValidDgpId(input: string): boolean {
  return DGP_ID_PATTERN.test(input);
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(input: string): boolean {
  return input.length <= EMAIL_MAX && EMAIL_PATTERN.test(input);
}

export function fullNameOf(user: { first_name: string; middle_name?: string | null; last_name: string }): string {
  return [user.first_name, user.middle_name, user.last_name].filter((part) => part && part.trim() !== '').join(' ');
}

export interface FieldProblem {
  field: string;
  message: string;
}

export interface PasswordChangeInput {
  current_password?: string | null;
  new_password?: string | null;
  confirm_password?: string | null;
}

/** The five checks of a password change, in the spec's order; the first that fails, or null. */
export function passwordChangeProblem(input: PasswordChangeInput): FieldProblem | null {
  const current = input.current_password ?? '';
  const next = input.new_password ?? '';
  if (current === '') return { field: 'current_password', message: 'Current password is required' };
  if (next === '') return { field: 'new_password', message: 'New password is required' };
  if (next.length < PASSWORD_MIN)
    return { field: 'new_password', message: `New password must be at least ${PASSWORD_MIN} characters` };
  if (next !== (input.confirm_password ?? '')) return { field: 'confirm_password', message: 'Passwords do not match' };
  if (next === current)
    return { field: 'new_password', message: 'New password must be different from current password' };
  return null;
}

/**
 * The one answer of the profile to a phone it will not save: malformed, or held by another person.
 * The two must not be told apart (the person lookups say nothing about numbers out of scope), so the
 * text names both possibilities.
 */
export const PROFILE_PHONE_MESSAGE = 'Phone number must be exactly 10 digits and not in use by another person';
/** Changes of one's own phone allowed within an hour (each try counts, saved or refused). */
export const PROFILE_PHONE_CHANGES_PER_HOUR = 5;

export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';

/**
 * A new password that a common-password list or an obvious pattern gives away (the server's
 * zxcvbn score below 3), beyond the spec's checks; the web translates it by this text.
 */
export const COMMON_PASSWORD_MESSAGE =
  'This password is too common or easy to guess. Use a longer one, such as three or four unrelated words.';

/**
 * The session-timeout choices of Settings as stored in `users.session_timeout_minutes`: minutes of
 * idle time, or 0 for never, which leaves only the absolute lifetime of a session (the server's
 * `SESSION_MAX_AGE`, 12 hours by default). A user who chose nothing (null) has the default.
 */
export const SESSION_TIMEOUTS = { '30m': 30, '1h': 60, '2h': 120, never: 0 } as const;
export type SessionTimeout = keyof typeof SESSION_TIMEOUTS;

/** The idle timeout of a user who chose none. */
export const DEFAULT_SESSION_TIMEOUT: SessionTimeout = '1h';

/** The choice Settings shows for a stored value: null (never chosen) shows the default. */
export function sessionTimeoutOf(minutes: number | null): SessionTimeout {
  const match = (Object.keys(SESSION_TIMEOUTS) as SessionTimeout[]).find((key) => SESSION_TIMEOUTS[key] === minutes);
  return match ?? DEFAULT_SESSION_TIMEOUT;
}

/** The idle timeout in minutes a stored value means, or null for none (never: the absolute lifetime only). */
export function idleTimeoutMinutes(minutes: number | null): number | null {
  if (minutes === null) return SESSION_TIMEOUTS[DEFAULT_SESSION_TIMEOUT];
  return minutes === 0 ? null : minutes;
}
