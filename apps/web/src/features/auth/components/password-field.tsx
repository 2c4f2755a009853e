import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Eye, EyeOff, TriangleAlert } from 'lucide-react';
import { inputClasses } from './input-classes';

interface PasswordFieldProps {
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

/** Password input with show/hide and a warning while Caps Lock is on. */
export function PasswordField({ value, error, onChange }: PasswordFieldProps) {
  const { t } = useTranslation('login');
  const [visible, setVisible] = useState(false);
  const [capsLock, setCapsLock] = useState(false);
  const readCapsLock = (event: KeyboardEvent<HTMLInputElement>) => setCapsLock(event.getModifierState('CapsLock'));

  return (
    <div>
      <label htmlFor="login-password" className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">
        {t('password')}
      </label>
      <div className="relative">
        <input
          id="login-password"
          name="password"
          type={visible ? 'text' : 'password'}
          autoComplete="current-password"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={readCapsLock}
          onKeyUp={readCapsLock}
          onBlur={() => setCapsLock(false)}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? 'login-password-error' : '', capsLock ? 'login-caps-lock' : ''].join(' ').trim() || undefined}
          className={`${inputClasses(Boolean(error))} pr-11`}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={visible ? t('hidePassword') : t('showPassword')}
          aria-pressed={visible}
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-slate-400 dark:hover:text-slate-100"
        >
          {visible ? <EyeOff aria-hidden="true" className="h-4 w-4" /> : <Eye aria-hidden="true" className="h-4 w-4" />}
        </button>
      </div>
      {capsLock && (
        <p id="login-caps-lock" role="status" className="mt-1 flex items-center gap-1 text-sm text-amber-700 dark:text-amber-400">
          <TriangleAlert aria-hidden="true" className="h-4 w-4" />
          {t('capsLock')}
        </p>
      )}
      {error && (
        <p id="login-password-error" className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
