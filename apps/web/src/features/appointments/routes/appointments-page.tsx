import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAppointment } from '@srpf/shared';
import { APPOINTMENT_PAGE_SIZES, APPOINTMENTS_PAGE_DEFAULT } from '@srpf/shared/appointments/appointments.rules';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cx } from '../../../components/ui/class-names';
import { PageHeader } from '../../../components/ui/page-header';
import { pageRange } from '../../../components/ui/page-range';
import { Pagination } from '../../../components/ui/pagination';
import { useAppointments } from '../api/get-appointments';
import { AppointmentFiltersBar } from '../components/appointment-filters';
import { AppointmentFormPanel, type FormTarget } from '../components/appointment-form-panel';
import { AppointmentsTable } from '../components/appointments-table';
import { AppointmentTabs } from '../components/appointment-tabs';
import { NewAppointmentMenu } from '../components/new-appointment-menu';
import { usePrintAppointment } from '../components/use-print';
import { EMPTY_APPOINTMENT_FILTERS, filtersToQuery, type AppointmentFilters } from '../lib/list-filters';

/** /appointments: tabs, filters, the list with paging, and the two forms in a right-side panel. */
export function Component() {
  const { t } = useTranslation('appointments');
  const [filters, setFilters] = useState<AppointmentFilters>(EMPTY_APPOINTMENT_FILTERS);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(APPOINTMENTS_PAGE_DEFAULT);
  const [form, setForm] = useState<FormTarget | null>(null);
  const appointments = useAppointments(filtersToQuery(filters, page, pageSize));
  const print = usePrintAppointment();

  const changeFilters = useCallback((next: AppointmentFilters) => {
    setFilters(next);
    setPage(1);
  }, []);

  const lastPage = appointments.data?.pagination.totalPages;
  useEffect(() => {
    if (lastPage !== undefined && lastPage > 0 && page > lastPage) setPage(lastPage);
  }, [page, lastPage]);

  const pagination = appointments.data?.pagination;
  const total = pagination?.total ?? 0;
  const totalPages = Math.max(pagination?.totalPages ?? 1, 1);
  const { from, to } = pageRange(page, pageSize, total);
  const failed = appointments.isError && appointments.data === undefined;

  const edit = (appointment: TAppointment) => setForm({ kind: appointment.is_leave_appointment ? 'leave' : 'orderly', appointment });

  return (
    <div className="mx-auto max-w-screen-2xl space-y-6">
      <PageHeader title={t('page.title')} description={t('page.description')} actions={<NewAppointmentMenu onChoose={(kind) => setForm({ kind })} />} />

      <Card>
        <AppointmentTabs value={filters.tab} onChange={(tab) => changeFilters({ ...filters, tab })} />
        <AppointmentFiltersBar filters={filters} onChange={changeFilters} />
        {failed ? (
          <div role="alert" className="border-t border-slate-200 px-4 py-10 text-center dark:border-slate-800">
            <p className="font-medium text-red-700 dark:text-red-400">{t('page.loadFailed')}</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => void appointments.refetch()}>
              {t('retry', { ns: 'common' })}
            </Button>
          </div>
        ) : (
          <div id="appointments-panel" role="tabpanel" aria-busy={appointments.isFetching} className={cx('border-t border-slate-200 transition-opacity dark:border-slate-800', appointments.isPlaceholderData && 'opacity-60')}>
            <AppointmentsTable appointments={appointments.data?.data} loading={appointments.data === undefined} pageSize={pageSize} onEdit={edit} onPrint={print} />
            <Pagination
              label={t('pagination.label')}
              page={page}
              totalPages={totalPages}
              onPageChange={setPage}
              summary={t('pagination.summary', { from, to, total })}
              pageLabel={t('pagination.page', { page, pages: totalPages })}
              previousLabel={t('pagination.previous')}
              nextLabel={t('pagination.next')}
              disabled={appointments.data === undefined}
              pageSize={{
                value: pageSize,
                options: APPOINTMENT_PAGE_SIZES,
                label: t('pagination.pageSize'),
                onChange: (size) => {
                  setPageSize(size);
                  setPage(1);
                },
              }}
            />
          </div>
        )}
      </Card>

      {form && <AppointmentFormPanel key={`${form.kind}-${form.appointment?.id ?? 'new'}`} target={form} onClose={() => setForm(null)} />}
    </div>
  );
}
