import { lazy, Suspense, type ComponentProps } from 'react';
import { canTakeApprovalStep } from '@srpf/shared/appointments/appointments.rules';
import { useCurrentUser } from '../../../lib/current-user';
import { i18n } from '../../../lib/i18n';
import { useApprovalStep } from '../api/approval-step';
import { useMyAppointmentRole } from '../api/get-my-role';
import { mayOfferRowReschedule } from '../lib/abilities';

// The modal, with its texts, loads on the first Reschedule only.
const RescheduleModal = lazy(async () => {
  const [module] = await Promise.all([import('./reschedule-modal'), i18n.loadNamespaces('appointments')]);
  return { default: module.RescheduleModal };
});

function RescheduleDialog(props: ComponentProps<typeof RescheduleModal>) {
  return (
    <Suspense fallback={null}>
      <RescheduleModal {...props} />
    </Suspense>
  );
}

/**
 * Approve and Reschedule from outside the appointment pages (the dashboard's rows): the detail page's
 * rule for who may take a step, the same call, and the reschedule modal.
 */
export function useApprovalShortcuts() {
  const { actor } = useCurrentUser();
  const myRole = useMyAppointmentRole();
  const step = useApprovalStep();
  const role = myRole.data?.remark_role ?? null;
  return {
    canApprove: (status: string) => myRole.isSuccess && canTakeApprovalStep(role, status),
    approve: (id: number) => step.mutateAsync({ id, decision: 'approve' }),
    canReschedule: (status: string) => mayOfferRowReschedule(actor, status),
    RescheduleDialog,
  };
}
