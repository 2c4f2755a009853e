import { COMMON_PASSWORD_MESSAGE, PASSWORD_MIN, passwordChangeProblem } from '@srpf/shared/users/users.rules';

export type PasswordField = 'current_password' | 'new_password' | 'confirm_password';

export interface PasswordValues {
  current_password: string;
  new_password: string;
  confirm_password: string;
}

export const EMPTY_PASSWORD_VALUES: PasswordValues = { current_password: '', new_password: '', confirm_password: '' };

/** The shared checks' messages (the server sends the same) mapped to keys of the account namespace. */
const KEYS: Record<string, string> = {
  'Current password is required': 'validation.currentRequired',
  'New password is required': 'validation.newRequired',
  [`New password must be at least ${PASSWORD_MIN} characters`]: 'validation.newTooShort',
  'Passwords do not match': 'validation.mismatch',
  'New password must be different from current password': 'validation.sameAsCurrent',
  // Only the server judges this one (zxcvbn's lists stay out of the web bundle).
  [COMMON_PASSWORD_MESSAGE]: 'validation.tooCommon',
};

/**
 * The first of the five checks of a password change that fails, in the spec's order (document 2,
 * section 5), as the field it belongs to and a message key; null when all pass.
 */
export function passwordChangeError(values: PasswordValues): { field: PasswordField; key: string } | null {
  const problem = passwordChangeProblem(values);
  if (!problem) return null;
  return { field: problem.field as PasswordField, key: KEYS[problem.message] ?? 'validation.invalid' };
}

export type PasswordFailure =
  | { field: PasswordField; key: string }
  | { field: PasswordField; text: string }
  | { toast: { key: string; values?: Record<string, string> } };

interface ErrorLike {
  status?: number;
  message?: string;
  field?: string;
}

/**
 * How a refused change is shown (document 2, section 8): a message about the current password becomes
 * the field error 'Current password is incorrect'; a rule of the new password goes on its field;
 * any other message is 'Failed to update password: {message}', and none the generic text.
 */
export function passwordChangeFailure(error: unknown): PasswordFailure {
  const { message = '', field } = (error ?? {}) as ErrorLike;
  const aboutNewPassword = field === 'new_password' || field === 'confirm_password';
  if (!aboutNewPassword && (field === 'current_password' || /current password/i.test(message)))
    return { field: 'current_password', key: 'errors.currentIncorrect' };
  if (aboutNewPassword && message) {
    const key = KEYS[message];
    return key ? { field: field as PasswordField, key } : { field: field as PasswordField, text: message };
  }
  if (message.trim()) return { toast: { key: 'errors.failedWith', values: { message } } };
  return { toast: { key: 'errors.failed' } };
}
