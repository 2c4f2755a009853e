import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Moon, ShieldCheck, Sun } from 'lucide-react';
import { setLanguage } from '../../../lib/i18n';
import { useTheme } from '../../../lib/use-theme';
import type { Language } from '../../../locales';

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', mr: 'मराठी', hi: 'हिंदी' };

/** Language, theme and the privacy policy, above the sign-in card. */
export function LoginToolbar() {
  const { t, i18n } = useTranslation('login');
  const { theme, toggle } = useTheme();
  const navigate = useNavigate();

  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      <label className="sr-only" htmlFor="login-language">
        {t('language')}
      </label>
      <select
        id="login-language"
        value={i18n.language}
        onChange={(event) => setLanguage(event.target.value as Language)}
        className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-700 dark:bg-slate-900"
      >
        {(Object.keys(LANGUAGE_NAMES) as Language[]).map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
      <button
        type="button"
        onClick={toggle}
        aria-label={t('toggleTheme')}
        aria-pressed={theme === 'dark'}
        className="flex h-9 w-9 items-center justify-center rounded-md border border-slate-300 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
      >
        {theme === 'dark' ? <Sun aria-hidden="true" className="h-4 w-4" /> : <Moon aria-hidden="true" className="h-4 w-4" />}
      </button>
      <button
        type="button"
        onClick={() => void navigate('/privacy-policy')}
        className="flex h-9 items-center gap-1 rounded-md border border-slate-300 px-3 text-sm hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
      >
        <ShieldCheck aria-hidden="true" className="h-4 w-4" />
        {t('privacyPolicy')}
      </button>
    </div>
  );
}
