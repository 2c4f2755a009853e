import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Construction, House } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';

/** Stands in for a page that a later issue of this release builds. */
export function Component() {
  const { t } = useTranslation();
  const { pathname } = useLocation();

  return (
    <section
      aria-labelledby="coming-soon-title"
      className="mx-auto mt-6 max-w-xl rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center dark:border-slate-700 dark:bg-slate-900"
    >
      <span className="mx-auto mb-5 flex h-14 w-14 items-center justify-center rounded-full bg-amber-50 text-amber-700 dark:bg-amber-950 dark:text-amber-300">
        <Construction aria-hidden="true" className="h-7 w-7" />
      </span>
      <h1 id="coming-soon-title" className="text-xl font-semibold text-slate-900 dark:text-white">
        {t('comingSoon.title')}
      </h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">{t('comingSoon.body')}</p>
      <p className="mt-4 inline-block rounded bg-slate-100 px-2 py-1 font-mono text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-400">
        {pathname}
      </p>
      <div className="mt-6">
        <Link to="/dashboard" className={buttonClasses({ variant: 'secondary' })}>
          <House aria-hidden="true" className="h-4 w-4" />
          {t('comingSoon.backToDashboard')}
        </Link>
      </div>
    </section>
  );
}
