import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { takeOverPrerenderedForm } from '../../../lib/prerendered';
import { useTexts } from '../../../lib/texts';
import CircleAlert from 'lucide-react/icons/circle-exclamation-point';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import UserRound from 'lucide-react/icons/user-round';
import { loginIdentifierError, loginPasswordError, type LoginFieldError } from '@srpf/shared/auth/auth.login-rules';
import { useLogin } from '../api/login';
import { inputClasses } from './input-classes';
import { loginErrorMessage } from './login-error-message';
import { PasswordInput } from './password-input';

type Field = 'identifier' | 'password';
type FieldErrors = Partial<Record<Field, LoginFieldError>>;

const labelClass = 'mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200';

function FieldError({ id, error }: { id: string; error: LoginFieldError | undefined }) {
  const { t } = useTexts('login');
  if (!error) return null;
  return (
    <p id={id} className="mt-1.5 flex items-center gap-1.5 text-sm text-red-600 dark:text-red-400">
      <CircleAlert aria-hidden className="size-4 shrink-0" />
      {t(`validation.${error}`)}
    </p>
  );
}

/**
 * The sign-in identifier (email, mobile number or Sevarth ID) and password, checked on submit by the
 * shared rules; the server's refusal shows in an alert.
 */
export function LoginForm() {
  const { t, language } = useTexts('login');
  const login = useLogin();
  const [errors, setErrors] = useState<FieldErrors>({});
  const identifierRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const ids = {
    identifier: `${id}-identifier`,
    identifierError: `${id}-identifier-error`,
    password: `${id}-password`,
    passwordError: `${id}-password-error`,
  };
  const busy = login.status === 'pending' || login.status === 'success';
  const formRef = useRef<HTMLFormElement>(null);
  const [heldSubmit, setHeldSubmit] = useState(false);

  // The boxes are uncontrolled: on the pre-rendered page someone may type (or the browser fill in)
  // before and while the page comes alive, and what the boxes show is what is signed in with. A
  // press of Sign in made before is carried out now.
  useEffect(() => {
    if (takeOverPrerenderedForm()) queueMicrotask(() => setHeldSubmit(true));
  }, []);
  useEffect(() => {
    if (!heldSubmit) return;
    queueMicrotask(() => setHeldSubmit(false));
    formRef.current?.requestSubmit();
  }, [heldSubmit]);

  /** Editing a field clears its error. */
  const edit = (field: Field) =>
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const identifier = identifierRef.current?.value ?? '';
    const password = passwordRef.current?.value ?? '';
    const found: FieldErrors = {
      identifier: loginIdentifierError(identifier) ?? undefined,
      password: loginPasswordError(password) ?? undefined,
    };
    setErrors(found);
    if (found.identifier || found.password) {
      login.reset();
      (found.identifier ? identifierRef : passwordRef).current?.focus();
      return;
    }
    // The spec's field name carries whichever identifier was typed; the server reads which it is.
    void login.signIn({ email: identifier.trim(), password });
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-5">
      {login.status === 'error' && (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800 dark:border-red-900/60 dark:bg-red-950/50 dark:text-red-200"
        >
          <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>{loginErrorMessage(login.error, t, language)}</span>
        </div>
      )}

      <div>
        <label htmlFor={ids.identifier} className={labelClass}>
          {t('identifier.label')}
        </label>
        <div className="relative">
          <UserRound
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          />
          <input
            ref={identifierRef}
            id={ids.identifier}
            name="username"
            // Text, not email: a mobile number or a Sevarth ID must pass; "username" lets password managers fill it.
            type="text"
            inputMode="text"
            autoComplete="username"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            placeholder={t('identifier.placeholder')}
            onChange={() => edit('identifier')}
            aria-invalid={errors.identifier ? true : undefined}
            aria-describedby={errors.identifier ? ids.identifierError : undefined}
            className={`${inputClasses(Boolean(errors.identifier))} pr-3`}
          />
        </div>
        <FieldError id={ids.identifierError} error={errors.identifier} />
      </div>

      <div>
        <label htmlFor={ids.password} className={labelClass}>
          {t('password.label')}
        </label>
        <PasswordInput
          ref={passwordRef}
          id={ids.password}
          onChange={() => edit('password')}
          invalid={Boolean(errors.password)}
          describedBy={errors.password ? ids.passwordError : undefined}
        />
        <FieldError id={ids.passwordError} error={errors.password} />
      </div>

      <button
        type="submit"
        disabled={busy}
        className="flex w-full items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-70 dark:bg-brand-500 dark:hover:bg-brand-600"
      >
        {busy && <LoaderCircle aria-hidden className="size-4 animate-spin" />}
        {busy ? t('submitting') : t('submit')}
      </button>
    </form>
  );
}
