import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { loginEmailError, loginPasswordError, type LoginFieldError } from '@srpf/shared/auth/login-rules';
import { ApiError } from '../../../lib/api-error';
import { storeSession } from '../../../lib/session';
import { login } from '../api/login';
import { inputClasses } from './input-classes';
import { PasswordField } from './password-field';

type FieldErrors = { email?: LoginFieldError; password?: LoginFieldError };

/** The sign-in form: the spec's checks on submit, each field's error cleared as it is edited. */
export function LoginForm() {
  const { t } = useTranslation('login');
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const errors: FieldErrors = {};
    const emailError = loginEmailError(email);
    const passwordError = loginPasswordError(password);
    if (emailError) errors.email = emailError;
    if (passwordError) errors.password = passwordError;
    setFieldErrors(errors);
    setFailure(null);
    if (emailError || passwordError) return;

    setSubmitting(true);
    try {
      const answer = await login({ email: email.trim(), password });
      // An already-expired token is not kept (storeSession warns); the spec still goes on to /dashboard.
      storeSession(answer.token, answer.data.user);
      await navigate('/dashboard', { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.isNetwork) setFailure(t('errors.network'));
      else if (error instanceof ApiError && error.message) setFailure(error.message);
      else setFailure(t('errors.failed'));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      {failure && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
          {failure}
        </div>
      )}
      <div>
        <label htmlFor="login-email" className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">
          {t('email')}
        </label>
        <input
          id="login-email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="username"
          autoFocus
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setFieldErrors(({ email: _cleared, ...rest }) => rest);
          }}
          aria-invalid={fieldErrors.email ? true : undefined}
          aria-describedby={fieldErrors.email ? 'login-email-error' : undefined}
          placeholder={t('emailPlaceholder')}
          className={inputClasses(Boolean(fieldErrors.email))}
        />
        {fieldErrors.email && (
          <p id="login-email-error" className="mt-1 text-sm text-red-700 dark:text-red-400">
            {t(`errors.${fieldErrors.email}`)}
          </p>
        )}
      </div>
      <PasswordField
        value={password}
        error={fieldErrors.password ? t(`errors.${fieldErrors.password}`) : undefined}
        onChange={(value) => {
          setPassword(value);
          setFieldErrors(({ password: _cleared, ...rest }) => rest);
        }}
      />
      <button
        type="submit"
        disabled={submitting}
        aria-busy={submitting}
        className="flex h-11 w-full items-center justify-center rounded-md bg-brand-600 font-semibold text-white transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-wait disabled:opacity-70"
      >
        {submitting ? t('submitting') : t('submit')}
      </button>
    </form>
  );
}
