import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CalendarX } from 'lucide-react';
import { LoadFailed } from '../../../components/ui/load-failed';
import { useOwnRequests } from '../api/get-own-requests';
import { formatDayFirst } from '../lib/kolkata-time';
import { useDashboardLabels } from '../lib/use-dashboard-labels';
import { Skeleton } from './panel';
import { StatusBadge } from './status-badge';

/** A person's latest requests, newest filed first: the kind, the date, where it stands, a link to each. */
export function OwnRequests() {
  const { t } = useTranslation('dashboard');
  const labels = useDashboardLabels();
  const requests = useOwnRequests();

  if (requests.isError && requests.data === undefined)
    return <LoadFailed message={t('own.requestsFailed')} onRetry={() => void requests.refetch()} />;
  if (requests.data === undefined)
    return (
      <div className="space-y-2">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  const rows = requests.data.data;
  if (rows.length === 0)
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
        <CalendarX aria-hidden="true" className="h-4 w-4" />
        {t('own.noRequests')}
      </p>
    );

  return (
    <ul className="divide-y divide-slate-100 dark:divide-slate-800">
      {rows.map((row) => (
        <li key={row.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
          <Link
            to={`/appointments/${row.id}`}
            className="min-w-0 font-medium text-brand-700 hover:underline dark:text-brand-100"
          >
            {labels.requestType(row.request_type)}
            <span className="ml-2 text-sm font-normal text-slate-600 tabular-nums dark:text-slate-400">
              {formatDayFirst(row.appointment_date)}
            </span>
          </Link>
          <StatusBadge status={row.status} />
        </li>
      ))}
    </ul>
  );
}
