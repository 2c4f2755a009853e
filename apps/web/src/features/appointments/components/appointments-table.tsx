import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CalendarX, Pencil, Printer } from 'lucide-react';
import type { TAppointment } from '@srpf/shared';
import { EmptyState } from '../../../components/ui/empty-state';
import { useCurrentUser } from '../../../lib/current-user';
import { mayOpenEditForm, rowAbilities } from '../lib/abilities';
import { IconButton } from '../../../components/ui/icon-button';
import { DataTable, FullRow, SkeletonRows, TBody, Td, Th, Tr } from '../../../components/ui/table';
import { dayFirstDate, shortTime } from '../lib/status';
import { AppointmentStatusBadge } from './status-badge';

const COLUMNS = 8;

export function AppointmentsTable({
  appointments,
  loading,
  pageSize,
  onEdit,
  onPrint,
}: {
  appointments: TAppointment[] | undefined;
  loading: boolean;
  pageSize: number;
  onEdit: (appointment: TAppointment) => void;
  onPrint: (appointment: TAppointment) => void;
}) {
  const { t } = useTranslation('appointments');
  const { actor } = useCurrentUser();
  return (
    <DataTable caption={t('table.caption')}>
      <thead>
        <tr>
          <Th>{t('table.name')}</Th>
          <Th>{t('table.phone')}</Th>
          <Th>{t('table.badge')}</Th>
          <Th>{t('table.company')}</Th>
          <Th>{t('table.type')}</Th>
          <Th>{t('table.dateTime')}</Th>
          <Th>{t('table.status')}</Th>
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
          appointments.map((appointment) => {
            const name = appointment.full_name || `#${appointment.id}`;
            return (
              <Tr key={appointment.id}>
                <Td className="font-medium">
                  <Link
                    to={`/appointments/${appointment.id}`}
                    aria-label={t('table.view', { name })}
                    className="text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-100"
                  >
                    {name}
                  </Link>
                </Td>
                <Td className="whitespace-nowrap">{appointment.phone_number}</Td>
                <Td>{appointment.badge_number}</Td>
                <Td>{appointment.company_name}</Td>
                <Td className="whitespace-nowrap">
                  {t(`requestType.${appointment.request_type}`, { defaultValue: appointment.request_type })}
                </Td>
                <Td className="whitespace-nowrap">
                  {dayFirstDate(appointment.appointment_date)} {shortTime(appointment.appointment_time)}
                </Td>
                <Td>
                  <AppointmentStatusBadge status={appointment.status} />
                </Td>
                <Td className="text-right whitespace-nowrap">
                  {/* The row carries no abilities: the shared policy's guess; the form then asks the detail. */}
                  {mayOpenEditForm(rowAbilities(actor, appointment), appointment) && (
                    <IconButton label={t('table.edit', { name })} onClick={() => onEdit(appointment)}>
                      <Pencil aria-hidden="true" className="h-4 w-4" />
                    </IconButton>
                  )}
                  <IconButton label={t('table.print', { name })} onClick={() => onPrint(appointment)}>
                    <Printer aria-hidden="true" className="h-4 w-4" />
                  </IconButton>
                </Td>
              </Tr>
            );
          })
        )}
      </TBody>
    </DataTable>
  );
}
