import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarSync, Check } from 'lucide-react';
import type { TKpiAppointment } from '@srpf/shared';
import { canTakeApprovalStep } from '@srpf/shared/appointments/appointments.rules';
import { ApiError } from '../../../lib/api-error';
import { i18n } from '../../../lib/i18n';
import { useApprovalStep } from '../../appointments/api/approval-step';
import { useMyAppointmentRole } from '../../appointments/api/get-my-role';
import { KPI_QUERY_KEY } from '../api/get-kpis';

// The appointments feature's modal, with its texts, loads on the first Reschedule only.
const RescheduleModal = lazy(async () => {
  const [module] = await Promise.all([import('../../appointments/components/reschedule-modal'), i18n.loadNamespaces('appointments')]);
  return { default: module.RescheduleModal };
});

export interface AppointmentActions {
  /** The rule of the detail page: may the signed-in person take the step this status waits for? */
  canApprove: (row: TKpiAppointment) => boolean;
  approve: (row: TKpiAppointment) => void;
  /** The row being approved (its button is disabled until the figures are fresh again). */
  approvingId: number | null;
  reschedule: (row: TKpiAppointment) => void;
}

/** Approve and Reschedule in place: the step and the modal of the appointments feature, then fresh figures. */
export function useAppointmentActions(): { actions: AppointmentActions; dialog: ReactNode } {
  const { t } = useTranslation('dashboard');
  const queryClient = useQueryClient();
  const myRole = useMyAppointmentRole();
  const step = useApprovalStep();
  const [approvingId, setApprovingId] = useState<number | null>(null);
  const [rescheduling, setRescheduling] = useState<TKpiAppointment | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: KPI_QUERY_KEY });

  const approve = async (row: TKpiAppointment) => {
    setApprovingId(row.id);
    try {
      await step.mutateAsync({ id: row.id, decision: 'approve' });
      toast.success(t('appointments.approved'));
    } catch (error) {
      toast.error(t('appointments.approveFailed', { message: error instanceof ApiError ? error.message : t('errors.generic', { ns: 'common' }) }));
    } finally {
      // Also after a failure: someone else may have taken the step meanwhile.
      await refresh();
      setApprovingId(null);
    }
  };

  const role = myRole.data?.remark_role ?? null;
  return {
    actions: {
      canApprove: (row) => myRole.isSuccess && canTakeApprovalStep(role, row.status),
      approve: (row) => void approve(row),
      approvingId,
      reschedule: setRescheduling,
    },
    dialog: rescheduling && (
      <Suspense fallback={null}>
        <RescheduleModal appointment={rescheduling} onClose={() => setRescheduling(null)} onRescheduled={() => void refresh()} />
      </Suspense>
    ),
  };
}

const base =
  'inline-flex items-center gap-1 whitespace-nowrap rounded-md px-2 py-1 text-xs font-medium ring-1 ring-inset transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-60';

export const ACTION_CLASSES = {
  approve: `${base} bg-emerald-50 text-emerald-800 ring-emerald-600/30 hover:bg-emerald-100 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/30 dark:hover:bg-emerald-500/20`,
  reschedule: `${base} bg-white text-slate-700 ring-slate-300 hover:bg-slate-50 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-600 dark:hover:bg-slate-700`,
  view: `${base} text-brand-700 ring-brand-500/30 hover:bg-brand-50 dark:text-brand-100 dark:ring-brand-500/40 dark:hover:bg-brand-900/40`,
};

/** Approve (for whoever may take the current step) and Reschedule of one row. */
export function AppointmentActionButtons({ row, name, actions }: { row: TKpiAppointment; name: string; actions: AppointmentActions }) {
  const { t } = useTranslation('dashboard');
  const approving = actions.approvingId === row.id;
  return (
    <>
      {actions.canApprove(row) && (
        <button
          type="button"
          onClick={() => actions.approve(row)}
          disabled={approving}
          aria-busy={approving}
          aria-label={t('appointments.approveLabel', { name })}
          className={ACTION_CLASSES.approve}
        >
          <Check className="size-3.5" aria-hidden="true" />
          {t('appointments.approve')}
        </button>
      )}
      <button type="button" onClick={() => actions.reschedule(row)} aria-label={t('appointments.rescheduleLabel', { name })} className={ACTION_CLASSES.reschedule}>
        <CalendarSync className="size-3.5" aria-hidden="true" />
        {t('appointments.reschedule')}
      </button>
    </>
  );
}
