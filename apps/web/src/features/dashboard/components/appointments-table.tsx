import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CalendarX2, Check, Eye, CalendarSync } from 'lucide-react';
import type { TKpiAppointment } from '@srpf/shared';
import { normalisePhone } from '@srpf/shared/common/phone';
import { needsApproval, officerName, personName } from '../lib/dashboard-data';
import { formatDayFirst, formatTime } from '../lib/kolkata-time';
import { useDashboardLabels } from '../lib/use-dashboard-labels';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from './panel';
import { StatusBadge } from './status-badge';

/** Rows shown before "Show all"; a 30-day period can hold hundreds. */
const FIRST_ROWS = 10;

const action =
  'inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium ring-1 ring-inset transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';

export function AppointmentsTable({ rows, isToday }: { rows: TKpiAppointment[]; isToday: boolean }) {
  const { t } = useTranslation('dashboard');
  const labels = useDashboardLabels();
  const [showAll, setShowAll] = useState(false);

  if (rows.length === 0) {
    return isToday ? (
      <EmptyState icon={CalendarX2} title={t('appointments.emptyToday')} description={t('appointments.emptyTodayBody')} />
    ) : (
      <EmptyState icon={CalendarX2} title={t('appointments.emptyRange')} description={t('appointments.emptyRangeBody')} />
    );
  }

  const shown = showAll ? rows : rows.slice(0, FIRST_ROWS);
  return (
    <div>
      <div className="-mx-4 overflow-x-auto">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500 dark:border-slate-800 dark:text-slate-400">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">{t('appointments.columns.dateTime')}</th>
              <th scope="col" className="px-4 py-2 font-medium">{t('appointments.columns.officer')}</th>
              <th scope="col" className="px-4 py-2 font-medium">{t('appointments.columns.type')}</th>
              <th scope="col" className="px-4 py-2 font-medium">{t('appointments.columns.status')}</th>
              <th scope="col" className="px-4 py-2 text-right font-medium">{t('appointments.columns.actions')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {shown.map((row) => {
              const name = officerName(row) || personName(row);
              const phone = normalisePhone(row.phone_number);
              const detail = `/appointments/${row.id}`;
              return (
                <tr key={row.id} className="align-top hover:bg-slate-50 dark:hover:bg-slate-800/50">
                  <td className="whitespace-nowrap px-4 py-3">
                    <time dateTime={`${row.appointment_date}T${row.appointment_time}`} className="block text-slate-900 dark:text-slate-100">
                      {formatDayFirst(row.appointment_date)}
                    </time>
                    <span className="text-xs tabular-nums text-slate-500 dark:text-slate-400">{formatTime(row.appointment_time)}</span>
                  </td>
                  <td className="px-4 py-3">
                    <span className="block font-medium text-slate-900 dark:text-slate-100">{name}</span>
                    <span className="block text-xs text-slate-500 dark:text-slate-400">
                      {[row.badge_number ? t('appointments.badge', { badge: row.badge_number }) : '', phone]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  </td>
                  <td className="px-4 py-3 text-slate-700 dark:text-slate-300">{labels.requestType(row.request_type)}</td>
                  <td className="px-4 py-3">
                    <StatusBadge status={row.status} />
                  </td>
                  <td className="px-4 py-3">
                    <div className="flex justify-end gap-1.5 whitespace-nowrap">
                      {needsApproval(row.status) && (
                        <>
                          <Link
                            to={detail}
                            aria-label={t('appointments.approveLabel', { name })}
                            className={`${action} bg-emerald-50 text-emerald-800 ring-emerald-600/30 hover:bg-emerald-100 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/30 dark:hover:bg-emerald-500/20`}
                          >
                            <Check className="size-3.5" aria-hidden="true" />
                            {t('appointments.approve')}
                          </Link>
                          <Link
                            to={detail}
                            aria-label={t('appointments.rescheduleLabel', { name })}
                            className={`${action} bg-white text-slate-700 ring-slate-300 hover:bg-slate-50 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-600 dark:hover:bg-slate-700`}
                          >
                            <CalendarSync className="size-3.5" aria-hidden="true" />
                            {t('appointments.reschedule')}
                          </Link>
                        </>
                      )}
                      <Link
                        to={detail}
                        aria-label={t('appointments.viewLabel', { name })}
                        className={`${action} text-brand-700 ring-brand-500/30 hover:bg-brand-50 dark:text-brand-100 dark:ring-brand-500/40 dark:hover:bg-brand-900/40`}
                      >
                        <Eye className="size-3.5" aria-hidden="true" />
                        {t('appointments.view')}
                      </Link>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {rows.length > FIRST_ROWS && (
        <div className="mt-3 text-center">
          <button
            type="button"
            aria-expanded={showAll}
            onClick={() => setShowAll((value) => !value)}
            className="text-sm font-medium text-brand-600 hover:underline dark:text-brand-100"
          >
            {showAll ? t('appointments.showFewer') : t('appointments.showAll', { count: rows.length })}
          </button>
        </div>
      )}
    </div>
  );
}

export function AppointmentsTableSkeleton() {
  return (
    <div className="space-y-3">
      {Array.from({ length: 5 }, (_, index) => (
        <div key={index} className="flex items-center gap-4">
          <Skeleton className="h-8 w-20" />
          <Skeleton className="h-8 flex-1" />
          <Skeleton className="h-6 w-24" />
          <Skeleton className="h-6 w-20 rounded-full" />
          <Skeleton className="h-7 w-36" />
        </div>
      ))}
    </div>
  );
}
