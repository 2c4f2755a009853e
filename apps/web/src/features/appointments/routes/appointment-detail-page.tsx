import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import toast from 'react-hot-toast';
import { ArrowLeft, CalendarClock, FileQuestion, Pencil, Printer, Trash2 } from 'lucide-react';
import type { TAppointmentDetail } from '@srpf/shared';
import { awaitingRole, LEAVE_COUNTERS } from '@srpf/shared/appointments/appointments.rules';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatDayFirst } from '../../../components/ui/date-text';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadFailed } from '../../../components/ui/load-failed';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-error';
import { useAppointment } from '../api/get-appointment';
import { useDeleteAppointment } from '../api/delete-appointment';
import { AppointmentFormPanel } from '../components/appointment-form-panel';
import { AppointmentTimeline } from '../components/appointment-timeline';
import { ApprovalStepCard } from '../components/approval-step-card';
import { RescheduleModal } from '../components/reschedule-modal';
import { AppointmentStatusBadge } from '../components/status-badge';
import { usePrintAppointment } from '../components/use-print';
import { mayOpenEditForm } from '../lib/abilities';
import { leaveTypeName } from '../lib/leave-types';
import { remarkAsText } from '../lib/print-document';
import { dayFirstDate, shortTime } from '../lib/status';

function parseId(value: string | undefined): number | null {
  return value && /^\d{1,10}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

function Section({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  const shown = rows.filter(([, value]) => value !== null && value !== undefined && value !== '');
  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold text-slate-900 dark:text-slate-100">{title}</h2>
      <dl className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {shown.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">{label}</dt>
            <dd className="mt-0.5 text-sm break-words whitespace-pre-line text-slate-900 dark:text-slate-100">
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function BackLink() {
  const { t } = useTranslation('appointments');
  return (
    <Link to="/appointments" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {t('detail.back')}
    </Link>
  );
}

/** /appointments/{id}: the appointment's sections, its approval timeline and actions. */
export function Component() {
  const { t } = useTranslation('appointments');
  const params = useParams();
  const id = parseId(params.id);
  const query = useAppointment(id);
  const navigate = useNavigate();

  if (
    id === null ||
    (query.isError && query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400))
  ) {
    return (
      <div className="mx-auto max-w-3xl space-y-4">
        <Card>
          <EmptyState
            icon={FileQuestion}
            title={t('detail.notFound')}
            description={t('detail.notFoundBody')}
            action={
              <Button variant="secondary" onClick={() => void navigate('/appointments')}>
                <ArrowLeft aria-hidden="true" className="h-4 w-4" />
                {t('detail.back')}
              </Button>
            }
          />
        </Card>
      </div>
    );
  }

  if (query.isError) {
    return (
      <div className="mx-auto max-w-3xl space-y-4">
        <BackLink />
        <Card>
          <LoadFailed message={t('detail.loadFailed')} onRetry={() => void query.refetch()} className="p-8" />
        </Card>
      </div>
    );
  }

  if (!query.data) {
    return (
      <div className="mx-auto max-w-screen-xl space-y-4" aria-busy="true">
        <Skeleton className="h-8 w-64" />
        <div className="grid gap-4 lg:grid-cols-2">
          <Skeleton className="h-48" />
          <Skeleton className="h-48" />
        </div>
        <Skeleton className="h-40" />
      </div>
    );
  }

  return <AppointmentDetail appointment={query.data} />;
}

function AppointmentDetail({ appointment }: { appointment: TAppointmentDetail }) {
  const { t } = useTranslation('appointments');
  const navigate = useNavigate();
  const print = usePrintAppointment();
  const remove = useDeleteAppointment();
  const [dialog, setDialog] = useState<'edit' | 'reschedule' | 'delete' | null>(null);
  const waiting = awaitingRole(appointment.status);
  // The server's abilities for this person decide every action shown.
  const { abilities } = appointment;

  const confirmDelete = async () => {
    try {
      await remove.mutateAsync(appointment.id);
      toast.success(t('detail.deleted'));
      void navigate('/appointments');
    } catch {
      toast.error(t('errors.deleteFailed'));
      setDialog(null);
    }
  };

  const remarks: [string, ReactNode][] = (['clerk_remarks', 'officer_remarks', 'commandant_remarks'] as const).map(
    (field) => [t(`fields.${field}`), remarkAsText(appointment[field])],
  );

  return (
    <div className="mx-auto max-w-screen-xl space-y-6">
      <BackLink />
      <PageHeader
        title={appointment.full_name || t('detail.title', { id: appointment.id })}
        description={t('detail.title', { id: appointment.id })}
        actions={
          <>
            {mayOpenEditForm(abilities, appointment) && (
              <Button variant="secondary" onClick={() => setDialog('edit')}>
                <Pencil aria-hidden="true" className="h-4 w-4" />
                {t('detail.edit')}
              </Button>
            )}
            {abilities.can_reschedule && (
              <Button variant="secondary" onClick={() => setDialog('reschedule')}>
                <CalendarClock aria-hidden="true" className="h-4 w-4" />
                {t('detail.reschedule')}
              </Button>
            )}
            <Button variant="secondary" onClick={() => print(appointment)}>
              <Printer aria-hidden="true" className="h-4 w-4" />
              {t('detail.print')}
            </Button>
            {abilities.can_delete && (
              <Button variant="danger" onClick={() => setDialog('delete')}>
                <Trash2 aria-hidden="true" className="h-4 w-4" />
                {t('detail.delete')}
              </Button>
            )}
          </>
        }
      />

      <div className="flex flex-wrap items-center gap-2">
        <AppointmentStatusBadge status={appointment.status} />
        {waiting && (
          <span className="text-sm text-slate-600 dark:text-slate-400">
            {t('detail.waitingFor', { role: t(`roles.${waiting}`) })}
          </span>
        )}
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Section
            title={t('detail.personal')}
            rows={[
              [t('fields.name'), appointment.full_name],
              [t('fields.badge'), appointment.badge_number],
              [t('fields.phone'), appointment.phone_number],
              [t('fields.email'), appointment.email],
              [t('fields.designation'), appointment.designation_name],
              [t('fields.company'), appointment.company_name],
              [t('fields.dgpId'), appointment.dgp_id],
              [t('fields.icardNo'), appointment.icard_no],
            ]}
          />
          <Section
            title={t('detail.appointment')}
            rows={[
              [
                t('fields.requestType'),
                t(`requestType.${appointment.request_type}`, { defaultValue: appointment.request_type }),
              ],
              [t('fields.status'), <AppointmentStatusBadge key="status" status={appointment.status} />],
              [t('fields.appointmentDate'), dayFirstDate(appointment.appointment_date)],
              [t('fields.appointmentTime'), shortTime(appointment.appointment_time)],
              [t('fields.preferredDate'), dayFirstDate(appointment.preferred_date)],
              [t('fields.originalDate'), dayFirstDate(appointment.original_request_date)],
              [t('fields.officer'), appointment.officer_name],
              [t('fields.createdAt'), formatDayFirst(appointment.created_at)],
            ]}
          />
          {appointment.is_leave_appointment && (
            <Section
              title={t('detail.leave')}
              rows={[
                [t('fields.leaveType'), leaveTypeName(appointment.leave_type, t)],
                [t('fields.startDate'), dayFirstDate(appointment.leave_start_date)],
                [t('fields.endDate'), dayFirstDate(appointment.leave_end_date)],
                [t('fields.reason'), appointment.leave_reason],
                [t('fields.dateOfJoining'), dayFirstDate(appointment.date_of_joining)],
                ...LEAVE_COUNTERS.map((counter): [string, ReactNode] => [
                  t(`fields.${counter}`),
                  String(appointment[counter]),
                ]),
              ]}
            />
          )}
          <Section
            title={t('detail.additional')}
            rows={[
              [t('fields.additionalDetails'), appointment.additional_details],
              [t('fields.notes'), appointment.notes],
              ...remarks,
            ]}
          />
        </div>
        <div className="space-y-6">
          <ApprovalStepCard appointment={appointment} />
          <Card className="p-5">
            <h2 className="mb-3 text-base font-semibold text-slate-900 dark:text-slate-100">{t('detail.timeline')}</h2>
            <AppointmentTimeline events={appointment.timeline} />
          </Card>
        </div>
      </div>

      {dialog === 'edit' && (
        <AppointmentFormPanel
          target={{ kind: appointment.is_leave_appointment ? 'leave' : 'orderly', appointment }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'reschedule' && <RescheduleModal appointment={appointment} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        open={dialog === 'delete'}
        title={t('detail.deleteTitle')}
        message={t('detail.deleteConfirm')}
        confirmLabel={t('detail.delete')}
        busyLabel={t('detail.deleting')}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDialog(null)}
      />
    </div>
  );
}
