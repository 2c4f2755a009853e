import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/** Stands in for a page that a later issue of this release builds. */
export function Component() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <section className="mx-auto max-w-xl rounded-xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
      <h1 className="text-xl font-semibold">{t('comingSoon.title')}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">{t('comingSoon.body')}</p>
      <p className="mt-4 font-mono text-xs text-slate-500">{pathname}</p>
    </section>
  );
}
