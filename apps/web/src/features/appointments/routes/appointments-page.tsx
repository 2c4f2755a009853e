import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TAppointment } from '@srpf/shared';
import { APPOINTMENT_PAGE_SIZES, APPOINTMENTS_PAGE_DEFAULT } from '@srpf/shared/appointments/appointments.rules';
import { Card } from '../../../components/ui/card';
import { cx } from '../../../components/ui/class-names';
import { LoadFailed } from '../../../components/ui/load-failed';
import { PageHeader } from '../../../components/ui/page-header';
import { ListPagination } from '../../../components/ui/pagination';
import { useAppointments } from '../api/get-appointments';
import { useWaitingForMe } from '../api/get-waiting';
import { AppointmentFiltersBar } from '../components/appointment-filters';
import { AppointmentFormPanel, type FormTarget } from '../components/appointment-form-panel';
import { AppointmentsTable } from '../components/appointments-table';
import { AppointmentTabs } from '../components/appointment-tabs';
import { NewAppointmentMenu } from '../components/new-appointment-menu';
import { usePrintAppointment } from '../components/use-print';
import { useRowDecision } from '../components/use-row-decision';
import {
  APPOINTMENT_TABS,
  APPOINTMENT_TABS_WITH_WAITING,
  DEFAULT_LIST_ORDER,
  EMPTY_APPOINTMENT_FILTERS,
  filtersToQuery,
  type AppointmentFilters,
  type ListOrder,
} from '../lib/list-filters';

/** /appointments: tabs, filters, the list with paging, and the two forms in a right-side panel. */
export function Component() {
  const { t } = useTranslation('appointments');
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(APPOINTMENTS_PAGE_DEFAULT);
  // ?new=leave or ?new=orderly (the dashboard's "File a leave request") opens that form at once.
  const [form, setForm] = useState<FormTarget | null>(() => newFormFrom(params.get('new')));
  const [order, setOrder] = useState<ListOrder>(DEFAULT_LIST_ORDER);
  const waitingList = useWaitingForMe(page, pageSize);
  const waitingCount = useWaitingForMe(1, 1);
  // ?tab=waiting (the dashboard's "… more waiting") opens on that tab, for people who take a step.
  // Right after sign-in whether they do is known only once the full user record arrives: the tab
  // follows the address then, unless the person has already chosen another.
  const waitingAsked = params.get('tab') === 'waiting' && waitingList.enabled;
  const [filters, setFilters] = useState<AppointmentFilters>(() => ({
    ...EMPTY_APPOINTMENT_FILTERS,
    tab: waitingAsked ? 'waiting' : 'all',
  }));
  const [tabChosen, setTabChosen] = useState(waitingAsked);
  if (waitingAsked && !tabChosen) {
    setTabChosen(true);
    setFilters((current) => ({ ...current, tab: 'waiting' }));
    setPage(1);
  }
  const showsWaiting = filters.tab === 'waiting';
  const everything = useAppointments(filtersToQuery(filters, page, pageSize, order));
  const appointments = showsWaiting ? waitingList.query : everything;
  const print = usePrintAppointment();
  const decision = useRowDecision();

  // The form opened by the address is not opened again by a reload or by going back.
  useEffect(() => {
    if (!params.has('new')) return;
    const rest = new URLSearchParams(params);
    rest.delete('new');
    setParams(rest, { replace: true });
  }, [params, setParams]);

  const changeFilters = useCallback((next: AppointmentFilters) => {
    setFilters(next);
    setPage(1);
  }, []);

  // A page past the last one (after a delete) moves to the last, before anything renders from it.
  const lastPage = appointments.data?.pagination.totalPages;
  if (lastPage !== undefined && lastPage > 0 && page > lastPage) setPage(lastPage);

  const pagination = appointments.data?.pagination;
  const failed = appointments.isError && appointments.data === undefined;

  const edit = (appointment: TAppointment) =>
    setForm({ kind: appointment.is_leave_appointment ? 'leave' : 'orderly', appointment });

  return (
    <div className="mx-auto max-w-screen-2xl space-y-6">
      <PageHeader
        title={t('page.title')}
        description={t('page.description')}
        actions={<NewAppointmentMenu onChoose={(kind) => setForm({ kind })} />}
      />

      <Card>
        <AppointmentTabs
          tabs={waitingList.enabled ? APPOINTMENT_TABS_WITH_WAITING : APPOINTMENT_TABS}
          value={filters.tab}
          waitingCount={waitingCount.query.data?.pagination.total}
          onChange={(tab) => {
            setTabChosen(true);
            changeFilters({ ...filters, tab });
          }}
        />
        {/* The waiting list is the step's own: earliest first, without the filters of the whole list. */}
        {!showsWaiting && <AppointmentFiltersBar filters={filters} onChange={changeFilters} />}
        {failed ? (
          <LoadFailed
            message={t('page.loadFailed')}
            onRetry={() => void appointments.refetch()}
            className="border-t border-slate-200 px-4 py-10 dark:border-slate-800"
          />
        ) : (
          <div
            id="appointments-panel"
            role="tabpanel"
            aria-busy={appointments.isFetching}
            className={cx(
              'border-t border-slate-200 transition-opacity dark:border-slate-800',
              appointments.isPlaceholderData && 'opacity-60',
            )}
          >
            <AppointmentsTable
              appointments={appointments.data?.data}
              loading={appointments.data === undefined}
              pageSize={pageSize}
              onEdit={edit}
              onPrint={print}
              decision={decision}
              // The waiting list has its own order (earliest first); the whole list sorts by its headers.
              order={showsWaiting ? undefined : order}
              onOrderChange={(next) => {
                setOrder(next);
                setPage(1);
              }}
            />
            <ListPagination
              ns="appointments"
              page={page}
              pageSize={pageSize}
              total={pagination?.total ?? 0}
              totalPages={Math.max(pagination?.totalPages ?? 1, 1)}
              totalCapped={pagination?.totalCapped ?? false}
              onPageChange={setPage}
              pageSizes={{ options: APPOINTMENT_PAGE_SIZES, onChange: setPageSize }}
              disabled={appointments.data === undefined}
            />
          </div>
        )}
      </Card>

      {decision.dialog}
      {form && (
        <AppointmentFormPanel
          key={`${form.kind}-${form.appointment?.id ?? 'new'}`}
          target={form}
          onClose={() => setForm(null)}
        />
      )}
    </div>
  );
}

function newFormFrom(kind: string | null): FormTarget | null {
  return kind === 'leave' || kind === 'orderly' ? { kind } : null;
}
