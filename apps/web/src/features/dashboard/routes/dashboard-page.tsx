import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ChartPie, FilePlus2 } from 'lucide-react';
import { filesRequestsForOthers } from '@srpf/shared/appointments/appointments.policy';
import { KPI_TABLE_LIMIT } from '@srpf/shared/dashboard/dashboard.export';
import { mayExportDashboard } from '@srpf/shared/dashboard/dashboard.policy';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { useKpis } from '../api/get-kpis';
import { useAppointmentActions, type AppointmentSteps } from '../components/appointment-actions';
import { AppointmentsTable, AppointmentsTableSkeleton } from '../components/appointments-table';
import { DashboardBanner } from '../components/dashboard-banner';
import { DashboardColumn } from '../components/dashboard-column';
import { ErrorState, StaleNotice } from '../components/error-state';
import { ExportButton } from '../components/export-button';
import { useCurrentUser } from '../../../lib/current-user';
import { KpiCards } from '../components/kpi-cards';
import { ChartSkeleton, Panel } from '../components/panel';
import { PendingApprovals, PendingApprovalsSkeleton } from '../components/pending-approvals';
import { RangeToggle } from '../components/range-toggle';
import { pendingApprovals, sortByDateTime, statusDistribution } from '../lib/dashboard-data';
import { parseRangeParams, rangeToParams, type DashboardRange } from '../lib/dashboard-range';
import { formatDayFirst, kolkataClock } from '../lib/kolkata-time';

// Recharts is the heaviest part of the page: the charts arrive in their own chunk after the figures.
const HourlyChart = lazy(() => import('../components/hourly-chart').then((m) => ({ default: m.HourlyChart })));
const StatusPieChart = lazy(() =>
  import('../components/status-pie-chart').then((m) => ({ default: m.StatusPieChart })),
);

/** What waits for the signed-in person's step (the appointments feature's list), for people who take one. */
export interface WaitingForMe {
  /** Undefined until the count arrives. */
  count: number | undefined;
  list: ReactNode;
}

/**
 * The dashboard home (document 1, section 2): counts, appointments, charts and pending approvals of a
 * period. The app passes in the appointments feature's approve and reschedule, and, for a person who
 * takes a step of the chain, what waits for it whatever the period (instead of the period's pending list).
 */
export function Component({
  appointmentSteps,
  waitingForMe,
}: {
  appointmentSteps: AppointmentSteps;
  waitingForMe: WaitingForMe | null;
}) {
  const { t } = useTranslation('dashboard');
  const me = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const range = parseRangeParams(params);
  const kpis = useKpis(range);
  const { data } = kpis;
  const { actions, dialog } = useAppointmentActions(appointmentSteps);

  const rows = useMemo(() => sortByDateTime(data?.appointments ?? []), [data]);
  // Both cover the whole period; the table lists its first KPI_TABLE_LIMIT appointments.
  const pending = useMemo(() => pendingApprovals(data?.pending ?? []), [data]);
  const slices = useMemo(() => statusDistribution(data?.statuses ?? []), [data]);
  // Counted and listed by two queries: a note only when the table is full and more were counted.
  const partial = data !== undefined && rows.length >= KPI_TABLE_LIMIT && data.summary.appointments > rows.length;

  const isToday = range.kind === 'preset' && range.preset === 'today';
  const loading = data === undefined;
  // A failed switch to another period must not pass off the previous period's figures as its own.
  const failed = kpis.isError && (loading || kpis.isPlaceholderData);
  const retry = () => void kpis.refetch();

  const changeRange = (next: DashboardRange) => setParams(rangeToParams(next));

  const period = data?.range.from
    ? data.range.from === data.range.to
      ? t('range.showingDay', { date: formatDayFirst(data.range.from) })
      : t('range.showing', { from: formatDayFirst(data.range.from), to: formatDayFirst(data.range.to) })
    : undefined;

  return (
    <DashboardColumn>
      <DashboardBanner />

      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 dark:text-slate-50">{t('title')}</h1>
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
            {period}
            {period && kpis.dataUpdatedAt > 0 && ' · '}
            {kpis.dataUpdatedAt > 0 && t('range.updatedAt', { time: kolkataClock(kpis.dataUpdatedAt) })}
          </p>
        </div>
        <div className="flex flex-wrap items-start gap-2 sm:flex-nowrap">
          {/* A clerk's first job of the day: the leave form opens straight away (/appointments?new=leave). */}
          {filesRequestsForOthers(me.actor) && (
            <Link to="/appointments?new=leave" className={buttonClasses()}>
              <FilePlus2 className="size-4" aria-hidden="true" />
              {t('quick.fileLeave')}
            </Link>
          )}
          <RangeToggle range={range} onChange={changeRange} />
          {/* The export lists every appointment with names and phone numbers: view_all_kpis, as the server asks. */}
          {mayExportDashboard(me.actor) && <ExportButton data={failed ? undefined : data} />}
        </div>
      </div>

      <p role="status" className="sr-only">
        {kpis.isFetching && (loading || kpis.isPlaceholderData) ? t('state.loading') : ''}
      </p>

      {failed ? (
        <ErrorState error={kpis.error} onRetry={retry} retrying={kpis.isFetching} />
      ) : (
        <div
          aria-busy={kpis.isFetching && (loading || kpis.isPlaceholderData)}
          className={`space-y-6 transition-opacity ${kpis.isPlaceholderData ? 'opacity-60' : ''}`}
        >
          {kpis.isError && <StaleNotice onRetry={retry} retrying={kpis.isFetching} />}

          <KpiCards summary={data?.summary} />

          <div className="grid gap-6 lg:grid-cols-3">
            <Panel
              className="lg:col-span-2"
              title={isToday ? t('appointments.titleToday') : t('appointments.titleRange')}
              action={
                <Link
                  to="/appointments"
                  className="text-sm font-medium text-brand-600 hover:underline dark:text-brand-100"
                >
                  {t('appointments.allAppointments')}
                </Link>
              }
            >
              {loading ? (
                <AppointmentsTableSkeleton />
              ) : (
                <AppointmentsTable rows={rows} isToday={isToday} actions={actions} />
              )}
              {partial && (
                <p role="note" className="mt-3 text-sm text-slate-600 dark:text-slate-300">
                  {t('appointments.partial', { shown: rows.length, total: data?.summary.appointments })}
                </p>
              )}
            </Panel>

            {waitingForMe ? (
              <Panel
                title={
                  waitingForMe.count === undefined
                    ? t('waiting.titleLoading')
                    : t('waiting.title', { count: waitingForMe.count })
                }
                subtitle={t('waiting.subtitle')}
              >
                {waitingForMe.list}
              </Panel>
            ) : (
              <Panel title={t('pending.title')} subtitle={t('pending.subtitle')}>
                {loading ? <PendingApprovalsSkeleton /> : <PendingApprovals rows={pending} actions={actions} />}
              </Panel>
            )}

            <Panel className="lg:col-span-2" title={t('hourly.title')} subtitle={t('hourly.subtitle')}>
              {loading ? (
                <ChartSkeleton />
              ) : (
                <Suspense fallback={<ChartSkeleton />}>
                  <HourlyChart hourly={data.hourly} />
                </Suspense>
              )}
            </Panel>

            <Panel title={t('statusChart.title')} subtitle={t('statusChart.subtitle')}>
              {loading ? (
                <ChartSkeleton />
              ) : slices.length === 0 ? (
                <EmptyState icon={ChartPie} title={t('statusChart.empty')} description={t('statusChart.emptyBody')} />
              ) : (
                <Suspense fallback={<ChartSkeleton />}>
                  <StatusPieChart slices={slices} />
                </Suspense>
              )}
            </Panel>
          </div>
        </div>
      )}
      {dialog}
    </DashboardColumn>
  );
}
