import { useTranslation } from 'react-i18next';
import { ArrowLeft, ChevronRight, House } from 'lucide-react';
import { Button } from '../../../components/ui/button';

export interface Crumb {
  label: string;
  /** Absent for the current (last) level. */
  onSelect?: () => void;
}

/**
 * Home, then the names of the folders opened (section 2). Home resets to the top, each name goes back
 * to that level, and Back goes one level up.
 */
export function LibraryBreadcrumb({
  crumbs,
  onHome,
  onBack,
}: {
  crumbs: Crumb[];
  onHome: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('libraries');
  const atTop = crumbs.length === 0;
  const link =
    'rounded px-1 py-0.5 font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-100';
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="secondary" size="sm" onClick={onBack} disabled={atTop}>
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {t('breadcrumb.back')}
      </Button>
      <nav aria-label={t('breadcrumb.label')} className="min-w-0">
        <ol className="flex flex-wrap items-center gap-1 text-sm">
          <li className="flex items-center">
            {atTop ? (
              <span
                aria-current="page"
                className="inline-flex items-center gap-1 px-1 font-semibold text-slate-900 dark:text-white"
              >
                <House aria-hidden="true" className="h-4 w-4" />
                {t('breadcrumb.home')}
              </span>
            ) : (
              <button type="button" onClick={onHome} className={`inline-flex items-center gap-1 ${link}`}>
                <House aria-hidden="true" className="h-4 w-4" />
                {t('breadcrumb.home')}
              </button>
            )}
          </li>
          {crumbs.map((crumb, index) => (
            <li key={index} className="flex min-w-0 items-center gap-1">
              <ChevronRight aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-400" />
              {crumb.onSelect ? (
                <button type="button" onClick={crumb.onSelect} className={`truncate ${link}`}>
                  {crumb.label}
                </button>
              ) : (
                <span aria-current="page" className="truncate px-1 font-semibold text-slate-900 dark:text-white">
                  {crumb.label}
                </span>
              )}
            </li>
          ))}
        </ol>
      </nav>
    </div>
  );
}
