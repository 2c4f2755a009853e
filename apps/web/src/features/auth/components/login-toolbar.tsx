import { useId } from 'react';
import { changeLanguage, useTexts } from '../../../lib/texts';
import { useNavigate } from 'react-router';
import Languages from 'lucide-react/icons/languages';
import Moon from 'lucide-react/icons/moon';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Sun from 'lucide-react/icons/sun';
import { useTheme } from '../../../lib/use-theme';
import { LANGUAGES, type Language } from '../../../locales';

/** Each language by its own name, untranslated, so a reader always finds theirs. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', mr: 'मराठी', hi: 'हिंदी' };

const controlClass =
  'inline-flex h-9 items-center gap-1.5 rounded-lg border border-slate-200 bg-white/90 px-2.5 text-sm text-slate-700 shadow-sm backdrop-blur transition hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 dark:border-slate-700 dark:bg-slate-900/90 dark:text-slate-200 dark:hover:bg-slate-800';

/** Language, theme and the privacy policy: the controls a visitor may need before signing in. */
export function LoginToolbar() {
  const { t, language } = useTexts('login');
  const { theme, toggle } = useTheme();
  const navigate = useNavigate();
  const selectId = useId();

  return (
    <div className="flex items-center gap-2">
      <div
        className={`${controlClass} pr-1 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-500`}
      >
        <Languages aria-hidden className="size-4 shrink-0 text-slate-500 dark:text-slate-400" />
        {/* A separate label, so the select is named 'Language' alone and not after its chosen option too. */}
        <label htmlFor={selectId} className="sr-only">
          {t('toolbar.language')}
        </label>
        <select
          id={selectId}
          value={language}
          onChange={(event) => void changeLanguage(event.target.value as Language)}
          className="h-full cursor-pointer appearance-none bg-transparent pr-1 outline-none dark:[color-scheme:dark]"
        >
          {LANGUAGES.map((language) => (
            <option key={language} value={language} lang={language}>
              {LANGUAGE_NAMES[language]}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        onClick={toggle}
        aria-pressed={theme === 'dark'}
        aria-label={t('toolbar.darkMode')}
        className={`${controlClass} w-9 justify-center px-0`}
      >
        {/* Both icons, chosen by the theme class: the pre-rendered page shows the right one before any script runs. */}
        <Sun aria-hidden className="hidden size-4 dark:block" />
        <Moon aria-hidden className="size-4 dark:hidden" />
      </button>
      <button type="button" onClick={() => void navigate('/privacy-policy')} className={controlClass}>
        <ShieldCheck aria-hidden className="size-4 shrink-0" />
        <span className="sr-only sm:not-sr-only">{t('toolbar.privacy')}</span>
      </button>
    </div>
  );
}
