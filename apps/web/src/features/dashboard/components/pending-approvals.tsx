import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronRight, CircleCheck } from 'lucide-react';
import type { TKpiAppointment } from '@srpf/shared';
import { personName } from '../lib/dashboard-data';
import { formatDayFirst, formatTime } from '../lib/kolkata-time';
import { useDashboardLabels } from '../lib/use-dashboard-labels';
import { EmptyState } from '../../../components/ui/empty-state';
import { AppointmentActionButtons, type AppointmentActions } from './appointment-actions';
import { Skeleton } from './panel';
import { StatusBadge } from './status-badge';

const SHOWN = 6;

/** The pending group of the period, earliest first; each entry opens the appointment, or is approved or rescheduled in place. */
export function PendingApprovals({ rows, actions }: { rows: TKpiAppointment[]; actions: AppointmentActions }) {
  const { t } = useTranslation('dashboard');
  const labels = useDashboardLabels();

  if (rows.length === 0) {
    return <EmptyState icon={CircleCheck} title={t('pending.empty')} description={t('pending.emptyBody')} />;
  }

  return (
    <div>
      <ul className="-mx-2 divide-y divide-slate-100 dark:divide-slate-800">
        {rows.slice(0, SHOWN).map((row) => (
          <li key={row.id} className="py-1">
            <Link
              to={`/appointments/${row.id}`}
              className="group flex items-center gap-3 rounded-lg px-2 py-1.5 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:bg-slate-800/60"
            >
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium text-slate-900 dark:text-slate-100">{personName(row)}</span>
                <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
                  {labels.requestType(row.request_type)} ·{' '}
                  <time dateTime={`${row.appointment_date}T${row.appointment_time}`}>
                    {formatDayFirst(row.appointment_date)} {formatTime(row.appointment_time)}
                  </time>
                </span>
              </span>
              <StatusBadge status={row.status} />
              <ChevronRight className="size-4 shrink-0 text-slate-400 group-hover:text-brand-600" aria-hidden="true" />
              <span className="sr-only">{t('pending.open')}</span>
            </Link>
            <div className="flex justify-end gap-1.5 px-2 pb-1.5">
              <AppointmentActionButtons row={row} name={personName(row)} actions={actions} />
            </div>
          </li>
        ))}
      </ul>
      {rows.length > SHOWN && (
        <p className="mt-2 text-center text-sm">
          <Link to="/appointments" className="font-medium text-brand-600 hover:underline dark:text-brand-100">
            {t('pending.more', { count: rows.length - SHOWN })}
          </Link>
        </p>
      )}
    </div>
  );
}

export function PendingApprovalsSkeleton() {
  return (
    <div className="space-y-3">
      {Array.from({ length: 4 }, (_, index) => (
        <div key={index} className="space-y-1.5">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-3 w-1/2" />
        </div>
      ))}
    </div>
  );
}
