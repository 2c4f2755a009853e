import { useQueryClient } from '@tanstack/react-query';
import { seesOwnDashboard } from '@srpf/shared/dashboard/dashboard.policy';
import { useWaitingCount, useTakesApprovalStep } from '../../features/appointments/api/get-waiting';
import { useApprovalShortcuts } from '../../features/appointments/components/approval-shortcuts';
import { WaitingForMeList } from '../../features/appointments/components/waiting-for-me-list';
import { KPI_QUERY_KEY } from '../../features/dashboard/api/get-kpis';
import { DashboardBanner } from '../../features/dashboard/components/dashboard-banner';
import { DashboardColumn } from '../../features/dashboard/components/dashboard-column';
import { PersonalDashboard } from '../../features/dashboard/components/personal-dashboard';
import { Component as DashboardPage } from '../../features/dashboard/routes/dashboard-page';
import { LatestSlip } from '../../features/payslips/components/latest-slip';
import { useCurrentUser } from '../../lib/current-user';
import { useCurrentUserRecord } from '../layout/current-user-query';

/** Requests of the "Waiting for me" panel shown on the dashboard before "… more waiting". */
const DASHBOARD_WAITING_ROWS = 6;

/**
 * The dashboard, whose rows approve and reschedule through the appointments feature, with that
 * feature's "Waiting for me" list for people who take a step of the chain; a person who sees no one
 * else's figures (a constable) gets his own instead, with his latest slip from payslips.
 */
export function Component() {
  const me = useCurrentUser();
  const record = useCurrentUserRecord(me.id);
  const appointmentSteps = useApprovalShortcuts();
  const takesStep = useTakesApprovalStep();
  const count = useWaitingCount();
  const queryClient = useQueryClient();
  // A step taken in the list changes the period's figures and table too.
  const refreshFigures = () => void queryClient.invalidateQueries({ queryKey: KPI_QUERY_KEY });

  if (seesOwnDashboard(me.actor)) {
    // Right after signing in, the stored user lacks the approval role and grants: an officer would
    // see the constable's dashboard for a moment. Until the full record is in, the welcome strip only.
    if (record.data === undefined && !record.isError)
      return (
        <DashboardColumn>
          <DashboardBanner />
        </DashboardColumn>
      );
    return <PersonalDashboard latestSlip={<LatestSlip />} />;
  }
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
