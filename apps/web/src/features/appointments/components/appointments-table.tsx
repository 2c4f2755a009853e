import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CalendarX, Pencil, Printer } from 'lucide-react';
import type { TAppointment } from '@srpf/shared';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useCurrentUser } from '../../../lib/current-user';
import { mayOpenEditForm, rowAbilities } from '../lib/abilities';
import { IconButton } from '../../../components/ui/icon-button';
import { DataTable, FullRow, SkeletonRows, TBody, Td, Th, Tr } from '../../../components/ui/table';
import type { ListOrder, SortColumn } from '../lib/list-filters';
import { dayFirstDate, shortTime } from '../lib/status';
import { RowDecisionButtons } from './row-decision-buttons';
import { SortHeader } from './sort-header';
import { AppointmentStatusBadge } from './status-badge';
import type { RowDecision } from './use-row-decision';

const COLUMNS = 6;

interface TableProps {
  appointments: TAppointment[] | undefined;
  loading: boolean;
  pageSize: number;
  onEdit: (appointment: TAppointment) => void;
  onPrint: (appointment: TAppointment) => void;
  decision: RowDecision;
  /** The order of a sortable list; undefined where the list keeps its own. */
  order: ListOrder | undefined;
  onOrderChange: (order: ListOrder) => void;
}

/**
 * The list: a table from 768 px (badge and phone under the name, so the actions stay on screen at
 * 1366 px), cards below it with the status and the actions on each.
 */
export function AppointmentsTable(props: TableProps) {
  const { t } = useTranslation('appointments');
  // Said once for both layouts (the hidden one would repeat it to find-in-page and to tests).
  if (!props.loading && (!props.appointments || props.appointments.length === 0)) {
    return <EmptyState icon={CalendarX} title={t('table.empty')} />;
  }
  return (
    <>
      <div className="md:hidden">
        <AppointmentCards {...props} />
      </div>
      <div className="hidden md:block">
        <WideTable {...props} />
      </div>
    </>
  );
}

function WideTable({ appointments, loading, pageSize, onEdit, onPrint, decision, order, onOrderChange }: TableProps) {
  const { t } = useTranslation('appointments');
  // Name, date and status sort a list that may be sorted; other headers are plain.
  const sortable = (column: SortColumn, label: string) =>
    order ? <SortHeader column={column} label={label} order={order} onOrderChange={onOrderChange} /> : <Th>{label}</Th>;
  return (
    <DataTable caption={t('table.caption')}>
      <thead>
        <tr>
          {sortable('name', t('table.name'))}
          <Th>{t('table.company')}</Th>
          <Th>{t('table.type')}</Th>
          {sortable('date', t('table.dateTime'))}
          {sortable('status', t('table.status'))}
          <Th className="text-right">{t('table.actions')}</Th>
        </tr>
      </thead>
      <TBody>
        {loading ? (
          <SkeletonRows rows={Math.min(pageSize, 10)} columns={COLUMNS} />
        ) : !appointments || appointments.length === 0 ? (
          <FullRow columns={COLUMNS}>
            <EmptyState icon={CalendarX} title={t('table.empty')} />
          </FullRow>
        ) : (
          appointments.map((appointment) => (
            <Tr key={appointment.id}>
              <Td className="font-medium">
                <Applicant appointment={appointment} />
              </Td>
              <Td>{appointment.company_name}</Td>
              <Td>{t(`requestType.${appointment.request_type}`, { defaultValue: appointment.request_type })}</Td>
              <Td className="whitespace-nowrap">
                {dayFirstDate(appointment.appointment_date)} {shortTime(appointment.appointment_time)}
              </Td>
              <Td>
                <AppointmentStatusBadge status={appointment.status} />
              </Td>
              <Td className="text-right">
                <RowActions appointment={appointment} onEdit={onEdit} onPrint={onPrint} decision={decision} />
              </Td>
            </Tr>
          ))
        )}
      </TBody>
    </DataTable>
  );
}

function AppointmentCards({ appointments, loading, onEdit, onPrint, decision }: TableProps) {
  const { t } = useTranslation('appointments');
  if (loading) {
    return (
      <div className="space-y-3 p-4" aria-busy="true">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-20 w-full" />
        ))}
      </div>
    );
  }
  if (!appointments || appointments.length === 0) {
    return <EmptyState icon={CalendarX} title={t('table.empty')} />;
  }
  return (
    <ul aria-label={t('table.caption')} className="divide-y divide-slate-200 dark:divide-slate-800">
      {appointments.map((appointment) => (
        <li key={appointment.id} className="space-y-2 px-4 py-3 text-sm">
          <div className="flex items-start justify-between gap-2">
            <span className="min-w-0 font-medium">
              <Applicant appointment={appointment} />
            </span>
            <AppointmentStatusBadge status={appointment.status} />
          </div>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            {dayFirstDate(appointment.appointment_date)} {shortTime(appointment.appointment_time)} ·{' '}
            {t(`requestType.${appointment.request_type}`, { defaultValue: appointment.request_type })}
            {appointment.company_name && ` · ${appointment.company_name}`}
          </p>
          <div className="flex flex-wrap items-center justify-end gap-1">
            <RowActions appointment={appointment} onEdit={onEdit} onPrint={onPrint} decision={decision} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The name (opening the detail), with badge and phone on a second line. */
function Applicant({ appointment }: { appointment: TAppointment }) {
  const { t } = useTranslation('appointments');
  const name = appointment.full_name || `#${appointment.id}`;
  const identity = [appointment.badge_number, appointment.phone_number].filter(Boolean).join(' · ');
  return (
    <>
      <Link
        to={`/appointments/${appointment.id}`}
        aria-label={t('table.view', { name })}
        className="text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-100"
      >
        {name}
      </Link>
      {identity && (
        <span className="block text-xs font-normal whitespace-nowrap text-slate-600 dark:text-slate-400">
          {identity}
        </span>
      )}
    </>
  );
}

function RowActions({
  appointment,
  onEdit,
  onPrint,
  decision,
}: {
  appointment: TAppointment;
  onEdit: (appointment: TAppointment) => void;
  onPrint: (appointment: TAppointment) => void;
  decision: RowDecision;
}) {
  const { t } = useTranslation('appointments');
  const { actor } = useCurrentUser();
  const name = appointment.full_name || `#${appointment.id}`;
  return (
    <span className="inline-flex flex-wrap items-center justify-end gap-1">
      <RowDecisionButtons row={appointment} decision={decision} />
      {/* The row carries no abilities: the shared policy's guess; the form then asks the detail. */}
      {mayOpenEditForm(rowAbilities(actor, appointment), appointment) && (
        <IconButton label={t('table.edit', { name })} onClick={() => onEdit(appointment)}>
          <Pencil aria-hidden="true" className="h-4 w-4" />
        </IconButton>
      )}
      <IconButton label={t('table.print', { name })} onClick={() => onPrint(appointment)}>
        <Printer aria-hidden="true" className="h-4 w-4" />
      </IconButton>
    </span>
  );
}
