import { useQueryClient } from '@tanstack/react-query';
import { useWaitingCount, useTakesApprovalStep } from '../../features/appointments/api/get-waiting';
import { useApprovalShortcuts } from '../../features/appointments/components/approval-shortcuts';
import { WaitingForMeList } from '../../features/appointments/components/waiting-for-me-list';
import { KPI_QUERY_KEY } from '../../features/dashboard/api/get-kpis';
import { Component as DashboardPage } from '../../features/dashboard/routes/dashboard-page';

/** Requests of the "Waiting for me" panel shown on the dashboard before "… more waiting". */
const DASHBOARD_WAITING_ROWS = 6;

/**
 * The dashboard, whose rows approve and reschedule through the appointments feature, with that
 * feature's "Waiting for me" list for people who take a step of the chain.
 */
export function Component() {
  const appointmentSteps = useApprovalShortcuts();
  const takesStep = useTakesApprovalStep();
  const count = useWaitingCount();
  const queryClient = useQueryClient();
  // A step taken in the list changes the period's figures and table too.
  const refreshFigures = () => void queryClient.invalidateQueries({ queryKey: KPI_QUERY_KEY });
  return (
    <DashboardPage
      appointmentSteps={appointmentSteps}
      waitingForMe={
        takesStep
          ? { count, list: <WaitingForMeList limit={DASHBOARD_WAITING_ROWS} onDecided={refreshFigures} /> }
          : null
      }
    />
  );
}
