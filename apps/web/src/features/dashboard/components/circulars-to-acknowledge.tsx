import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckCircle2, ScrollText } from 'lucide-react';
import { LoadFailed } from '../../../components/ui/load-failed';
import { useCircularsToAcknowledge } from '../api/get-circulars-to-acknowledge';
import { formatDayFirst } from '../lib/kolkata-time';
import { Skeleton } from './panel';

/** The mandatory circulars a person has still to acknowledge, each a link to the circular. */
export function CircularsToAcknowledge() {
  const { t } = useTranslation('dashboard');
  const circulars = useCircularsToAcknowledge();

  if (circulars.isError && circulars.data === undefined)
    return <LoadFailed message={t('own.circularsFailed')} onRetry={() => void circulars.refetch()} />;
  if (circulars.data === undefined) return <Skeleton className="h-10 w-full" />;
  if (circulars.data.length === 0)
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
        <CheckCircle2 aria-hidden="true" className="h-4 w-4 text-emerald-600 dark:text-emerald-400" />
        {t('own.noCirculars')}
      </p>
    );

  return (
    <ul className="divide-y divide-slate-100 dark:divide-slate-800">
      {circulars.data.map((circular) => (
        <li key={circular.id} className="flex items-start gap-2 py-2">
          <ScrollText aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-amber-600 dark:text-amber-400" />
          <div className="min-w-0">
            <Link
              to={`/circulars/${circular.id}`}
              className="font-medium break-words text-brand-700 hover:underline dark:text-brand-100"
            >
              {circular.title}
            </Link>
            <p className="text-xs text-slate-600 tabular-nums dark:text-slate-400">
              {t('own.effective', { date: formatDayFirst(circular.effective_date) })}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
