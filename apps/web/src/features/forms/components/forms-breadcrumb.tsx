import { useTranslation } from 'react-i18next';
import { ArrowLeft, ChevronRight, House } from 'lucide-react';
import { Button } from '../../../components/ui/button';

export interface Crumb {
  key: string;
  label: string;
  /** Absent for the current (last) level. */
  onSelect?: () => void;
}

const LINK =
  'rounded px-1 py-0.5 font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-100';

/**
 * Back, then Home and the folders opened (section 2.10). Home goes to the top, each folder name back
 * to that level, and Back one level up (at the root of the list, back to the categories).
 */
export function FormsBreadcrumb({
  crumbs,
  onHome,
  onBack,
  canGoBack,
}: {
  crumbs: Crumb[];
  onHome: () => void;
  onBack: () => void;
  canGoBack: boolean;
}) {
  const { t } = useTranslation('forms');
  const atTop = crumbs.length === 0;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="secondary" size="sm" onClick={onBack} disabled={!canGoBack}>
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
              <button type="button" onClick={onHome} className={`inline-flex items-center gap-1 ${LINK}`}>
                <House aria-hidden="true" className="h-4 w-4" />
                {t('breadcrumb.home')}
              </button>
            )}
          </li>
          {crumbs.map((crumb) => (
            <li key={crumb.key} className="flex min-w-0 items-center gap-1">
              <ChevronRight aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-500 dark:text-slate-400" />
              {crumb.onSelect ? (
                <button type="button" onClick={crumb.onSelect} className={`truncate ${LINK}`}>
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
