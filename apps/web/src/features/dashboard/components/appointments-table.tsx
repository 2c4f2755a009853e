import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CalendarX2, Eye } from 'lucide-react';
import type { TKpiAppointment } from '@srpf/shared';
import { normalisePhone } from '@srpf/shared/common/phone';
import { needsApproval, personName } from '../lib/dashboard-data';
import { formatDayFirst, formatTime } from '../lib/kolkata-time';
import { useDashboardLabels } from '../lib/use-dashboard-labels';
import { EmptyState } from '../../../components/ui/empty-state';
import { ACTION_CLASSES, AppointmentActionButtons, type AppointmentActions } from './appointment-actions';
import { Skeleton } from './panel';
import { StatusBadge } from './status-badge';

/** Rows shown before "Show all"; a 30-day period can hold hundreds. */
const FIRST_ROWS = 10;

export function AppointmentsTable({
  rows,
  isToday,
  actions,
}: {
  rows: TKpiAppointment[];
  isToday: boolean;
  actions: AppointmentActions;
}) {
  const { t } = useTranslation('dashboard');
  const labels = useDashboardLabels();
  const [showAll, setShowAll] = useState(false);

  if (rows.length === 0) {
    return isToday ? (
      <EmptyState
        icon={CalendarX2}
        title={t('appointments.emptyToday')}
        description={t('appointments.emptyTodayBody')}
      />
    ) : (
      <EmptyState
        icon={CalendarX2}
        title={t('appointments.emptyRange')}
        description={t('appointments.emptyRangeBody')}
      />
    );
  }

  const shown = showAll ? rows : rows.slice(0, FIRST_ROWS);
  return (
    <div>
      {/* Below 768 px each appointment is a card: a five-column table does not fit a phone. */}
      <ul
        className="divide-y divide-slate-100 md:hidden dark:divide-slate-800"
        aria-label={t('appointments.listLabel')}
      >
        {shown.map((row) => (
          <li key={row.id} className="space-y-2 py-3">
            <div className="flex items-start justify-between gap-2">
              <ApplicantCell row={row} />
              <StatusBadge status={row.status} />
            </div>
            <p className="text-xs text-slate-600 dark:text-slate-400">
              <When row={row} /> · {labels.requestType(row.request_type)}
            </p>
            <OfficerLine row={row} />
            <RowActions row={row} actions={actions} />
          </li>
        ))}
      </ul>
      <div className="-mx-4 hidden md:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500 dark:border-slate-800 dark:text-slate-400">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                {t('appointments.columns.dateTime')}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                {t('appointments.columns.applicant')}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                {t('appointments.columns.officer')}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                {t('appointments.columns.type')}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                {t('appointments.columns.status')}
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                {t('appointments.columns.actions')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {shown.map((row) => (
              <tr key={row.id} className="align-top hover:bg-slate-50 dark:hover:bg-slate-800/50">
                <td className="whitespace-nowrap px-4 py-3">
                  <When row={row} stacked />
                </td>
                <td className="px-4 py-3">
                  <ApplicantCell row={row} />
                </td>
                <td className="px-4 py-3 text-slate-700 dark:text-slate-300">
                  {row.officer_name?.trim() || (
                    <>
                      <span aria-hidden="true">—</span>
                      <span className="sr-only">{t('appointments.noOfficer')}</span>
                    </>
                  )}
                </td>
                <td className="px-4 py-3 text-slate-700 dark:text-slate-300">{labels.requestType(row.request_type)}</td>
                <td className="px-4 py-3">
                  <StatusBadge status={row.status} />
                </td>
                <td className="px-4 py-3">
                  <RowActions row={row} actions={actions} />
                </td>
              </tr>
            ))}
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

/** The applicant first: their name, then badge and phone (the officer who took a step has a column of their own). */
function ApplicantCell({ row }: { row: TKpiAppointment }) {
  const { t } = useTranslation('dashboard');
  const phone = normalisePhone(row.phone_number);
  const identity = [row.badge_number ? t('appointments.badge', { badge: row.badge_number }) : '', phone]
    .filter(Boolean)
    .join(' · ');
  return (
    <span className="block min-w-0">
      <span className="block font-medium text-slate-900 dark:text-slate-100">
        {personName(row) || t('appointments.unnamed', { id: row.id })}
      </span>
      {identity && <span className="block text-xs text-slate-600 dark:text-slate-400">{identity}</span>}
    </span>
  );
}

function OfficerLine({ row }: { row: TKpiAppointment }) {
  const { t } = useTranslation('dashboard');
  const officer = row.officer_name?.trim();
  if (!officer) return null;
  return (
    <p className="text-xs text-slate-600 dark:text-slate-400">{t('appointments.officerLine', { name: officer })}</p>
  );
}

function When({ row, stacked = false }: { row: TKpiAppointment; stacked?: boolean }) {
  return (
    <>
      <time
        dateTime={`${row.appointment_date}T${row.appointment_time}`}
        className={stacked ? 'block text-slate-900 dark:text-slate-100' : undefined}
      >
        {formatDayFirst(row.appointment_date)}
      </time>{' '}
      <span className={stacked ? 'text-xs tabular-nums text-slate-500 dark:text-slate-400' : 'tabular-nums'}>
        {formatTime(row.appointment_time)}
      </span>
    </>
  );
}

function RowActions({ row, actions }: { row: TKpiAppointment; actions: AppointmentActions }) {
  const { t } = useTranslation('dashboard');
  const applicant = personName(row) || t('appointments.unnamed', { id: row.id });
  return (
    <div className="flex flex-wrap justify-end gap-1.5">
      {needsApproval(row.status) && <AppointmentActionButtons row={row} name={applicant} actions={actions} />}
      <Link
        to={`/appointments/${row.id}`}
        aria-label={t('appointments.viewLabel', { name: applicant })}
        className={ACTION_CLASSES.view}
      >
        <Eye className="size-3.5" aria-hidden="true" />
        {t('appointments.view')}
      </Link>
    </div>
  );
}
