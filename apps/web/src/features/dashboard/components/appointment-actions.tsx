import { useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarSync, Check } from 'lucide-react';
import type { TKpiAppointment } from '@srpf/shared';
import { ApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';
import { KPI_QUERY_KEY } from '../api/get-kpis';

/**
 * What the dashboard needs of the appointments feature to approve and reschedule in place. The app
 * passes it in (`app/routes/dashboard-page.tsx`), since features do not import each other.
 */
export interface AppointmentSteps {
  /** The rule of the detail page: may the signed-in person take the step this status waits for? */
  canApprove: (status: TKpiAppointment['status']) => boolean;
  /** May the signed-in person reschedule an appointment in this status (the row names no company or filer: a guess the server checks)? */
  canReschedule: (status: TKpiAppointment['status']) => boolean;
  /** Takes the approval step; rejects with the server's error. */
  approve: (id: number) => Promise<unknown>;
  /** The reschedule dialog (it may load on first use). */
  RescheduleDialog: ComponentType<{ appointment: TKpiAppointment; onClose: () => void; onRescheduled: () => void }>;
}

export interface AppointmentActions {
  canApprove: (row: TKpiAppointment) => boolean;
  canReschedule: (row: TKpiAppointment) => boolean;
  approve: (row: TKpiAppointment) => void;
  /** The row being approved (its button is disabled until the figures are fresh again). */
  approvingId: number | null;
  reschedule: (row: TKpiAppointment) => void;
}

/** Approve and Reschedule in place: the appointments feature's step and dialog, then fresh figures. */
export function useAppointmentActions({
  canApprove,
  canReschedule,
  approve: takeStep,
  RescheduleDialog,
}: AppointmentSteps): { actions: AppointmentActions; dialog: ReactNode } {
  const { t } = useTranslation('dashboard');
  const queryClient = useQueryClient();
  const [approvingId, setApprovingId] = useState<number | null>(null);
  const [rescheduling, setRescheduling] = useState<TKpiAppointment | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: KPI_QUERY_KEY });

  const approve = async (row: TKpiAppointment) => {
    setApprovingId(row.id);
    try {
      await takeStep(row.id);
      toast.success(t('appointments.approved'));
    } catch (error) {
      toast.error(
        t('appointments.approveFailed', {
          message: error instanceof ApiError ? errorText(error) : t('errors.generic', { ns: 'common' }),
        }),
      );
    } finally {
      // Also after a failure: someone else may have taken the step meanwhile.
      await refresh();
      setApprovingId(null);
    }
  };

  return {
    actions: {
      canApprove: (row) => canApprove(row.status),
      canReschedule: (row) => canReschedule(row.status),
      approve: (row) => void approve(row),
      approvingId,
      reschedule: setRescheduling,
    },
    dialog: rescheduling && (
      <RescheduleDialog
        appointment={rescheduling}
        onClose={() => setRescheduling(null)}
        onRescheduled={() => void refresh()}
      />
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
export function AppointmentActionButtons({
  row,
  name,
  actions,
}: {
  row: TKpiAppointment;
  name: string;
  actions: AppointmentActions;
}) {
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
      {actions.canReschedule(row) && (
        <button
          type="button"
          onClick={() => actions.reschedule(row)}
          aria-label={t('appointments.rescheduleLabel', { name })}
          className={ACTION_CLASSES.reschedule}
        >
          <CalendarSync className="size-3.5" aria-hidden="true" />
          {t('appointments.reschedule')}
        </button>
      )}
    </>
  );
}
