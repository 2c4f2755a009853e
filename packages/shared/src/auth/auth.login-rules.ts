export const LOGIN_EMAIL_MIN = 5;
export const LOGIN_PASSWORD_MIN = 6;

export type LoginFieldError = 'email_required' | 'email_invalid' | 'password_required' | 'password_short';

/** The login page's rules (document 1, section 5), as message keys the web app translates. */
export function loginEmailError(email: string): LoginFieldError | null {
  const value = email.trim();
  if (value === '') return 'email_required';
  if (!value.includes('@') || value.length < LOGIN_EMAIL_MIN) return 'email_invalid';
  return null;
}

export function loginPasswordError(password: string): LoginFieldError | null {
  if (password === '') return 'password_required';
  if (password.length < LOGIN_PASSWORD_MIN) return 'password_short';
  return null;
}
