import { useId, useState, type ChangeEvent, type KeyboardEvent, type MouseEvent, type Ref } from 'react';
import { useTexts } from '../../../lib/texts';
import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import Lock from 'lucide-react/icons/lock';
import TriangleAlert from 'lucide-react/icons/triangle-exclamation-point';
import { inputClasses } from './input-classes';

interface PasswordInputProps {
  id: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  invalid: boolean;
  describedBy?: string;
  ref?: Ref<HTMLInputElement>;
}

/** The password box with its show/hide toggle and the Caps Lock warning. */
/**
 * Uncontrolled, as the e-mail box: on the pre-rendered page the box is typed in before the page comes
 * alive, and what it shows is what is signed in with.
 */
export function PasswordInput({ id, onChange, invalid, describedBy, ref }: PasswordInputProps) {
  const { t } = useTexts('login');
  const [visible, setVisible] = useState(false);
  const [capsLock, setCapsLock] = useState(false);
  const capsId = useId();

  // Caps Lock can only be read from an input event (a key press or a click in the box), never on demand.
  const readCapsLock = (event: KeyboardEvent<HTMLInputElement> | MouseEvent<HTMLInputElement>) =>
    setCapsLock(event.getModifierState('CapsLock'));

  const describedByIds = [describedBy, capsLock ? capsId : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <>
      <div className="relative">
        <Lock
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <input
          ref={ref}
          id={id}
          name="password"
          type={visible ? 'text' : 'password'}
          autoComplete="current-password"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          placeholder={t('password.placeholder')}
          onChange={onChange}
          onKeyDown={readCapsLock}
          onKeyUp={readCapsLock}
          onClick={readCapsLock}
          onBlur={() => setCapsLock(false)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedByIds}
          className={`${inputClasses(invalid)} pr-11`}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-controls={id}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500 dark:text-slate-400 dark:hover:text-slate-100"
        >
          {visible ? <EyeOff aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
          {/* Named by its content, not aria-label, so a search for the label 'Password' finds only the input. */}
          <span className="sr-only">{visible ? t('password.hide') : t('password.show')}</span>
        </button>
      </div>
      {capsLock && (
        <p
          id={capsId}
          role="status"
          className="mt-1.5 flex items-center gap-1.5 text-sm font-medium text-amber-700 dark:text-amber-400"
        >
          <TriangleAlert aria-hidden className="size-4 shrink-0" />
          {t('password.capsLock')}
        </p>
      )}
    </>
  );
}
