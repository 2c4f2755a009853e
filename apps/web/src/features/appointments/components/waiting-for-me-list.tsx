import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CircleCheck } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Skeleton } from '../../../components/ui/skeleton';
import { useWaitingForMe } from '../api/get-waiting';
import { dayFirstDate, shortTime } from '../lib/status';
import { RowDecisionButtons } from './row-decision-buttons';
import { AppointmentStatusBadge } from './status-badge';
import { useRowDecision } from './use-row-decision';

/** The first requests waiting for the signed-in person's step, whatever their date, each decided in place. */
export function WaitingForMeList({ limit, onDecided }: { limit: number; onDecided?: () => void }) {
  const { t } = useTranslation('appointments');
  const { query } = useWaitingForMe(1, limit);
  const decision = useRowDecision(onDecided);
  const rows = query.data?.data;
  const total = query.data?.pagination.total ?? 0;

  if (query.isError && !rows)
    return <LoadFailed message={t('waiting.loadFailed')} onRetry={() => void query.refetch()} />;
  if (!rows) {
    return (
      <div className="space-y-3" aria-busy="true">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="h-12 w-full" />
        ))}
      </div>
    );
  }
  if (rows.length === 0) {
    return <EmptyState icon={CircleCheck} title={t('waiting.empty')} description={t('waiting.emptyBody')} />;
  }

  return (
    <div>
      <ul className="-mx-2 divide-y divide-slate-100 dark:divide-slate-800">
        {rows.map((row) => {
          const name = row.full_name || `#${row.id}`;
          const identity = [row.badge_number ? t('waiting.badge', { badge: row.badge_number }) : '', row.phone_number]
            .filter(Boolean)
            .join(' · ');
          return (
            <li key={row.id} className="space-y-1.5 px-2 py-2.5">
              <div className="flex items-start gap-2">
                <div className="min-w-0 flex-1">
                  <Link
                    to={`/appointments/${row.id}`}
                    className="block truncate font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-100"
                  >
                    {name}
                  </Link>
                  {identity && <span className="block text-xs text-slate-600 dark:text-slate-400">{identity}</span>}
                  <span className="block text-xs text-slate-600 dark:text-slate-400">
                    {t(`requestType.${row.request_type}`, { defaultValue: row.request_type })} ·{' '}
                    <time dateTime={`${row.appointment_date}T${row.appointment_time}`}>
                      {dayFirstDate(row.appointment_date)} {shortTime(row.appointment_time)}
                    </time>
                  </span>
                </div>
                <AppointmentStatusBadge status={row.status} />
              </div>
              <div className="flex justify-end">
                <RowDecisionButtons row={row} decision={decision} />
              </div>
            </li>
          );
        })}
      </ul>
      {total > rows.length && (
        <p className="mt-2 text-center text-sm">
          <Link
            to="/appointments?tab=waiting"
            className="font-medium text-brand-600 hover:underline dark:text-brand-100"
          >
            {t('waiting.more', { count: total - rows.length })}
          </Link>
        </p>
      )}
      {decision.dialog}
    </div>
  );
}
