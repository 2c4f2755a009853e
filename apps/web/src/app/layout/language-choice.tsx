import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Languages } from 'lucide-react';
import { setLanguage } from '../../lib/i18n';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../locales';

/**
 * The interface language, in the header on every page and every screen size (Settings › Notifications
 * & System keeps it too): a native select, which a phone opens as its own picker.
 */
export function LanguageChoice() {
  const { t, i18n } = useTranslation('shell');
  const selectId = useId();
  return (
    <div className="inline-flex h-9 items-center gap-1 rounded-md px-1.5 text-sm text-slate-700 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-500 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800">
      <Languages aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-500 dark:text-slate-400" />
      {/* A label of its own, so the select is named 'Language' alone and not after its chosen option too. */}
      <label htmlFor={selectId} className="sr-only">
        {t('header.language')}
      </label>
      <select
        id={selectId}
        value={i18n.language}
        onChange={(event) => setLanguage(event.target.value as Language)}
        className="h-full max-w-24 cursor-pointer appearance-none bg-transparent outline-none dark:[color-scheme:dark]"
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
