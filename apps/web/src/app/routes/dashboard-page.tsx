import { seesOwnDashboard } from '@srpf/shared/dashboard/dashboard.policy';
import { useApprovalShortcuts } from '../../features/appointments/components/approval-shortcuts';
import { PersonalDashboard } from '../../features/dashboard/components/personal-dashboard';
import { Component as DashboardPage } from '../../features/dashboard/routes/dashboard-page';
import { LatestSlip } from '../../features/payslips/components/latest-slip';
import { useCurrentUser } from '../../lib/current-user';

/**
 * The dashboard, whose rows approve and reschedule through the appointments feature; a person who
 * sees no one else's figures (a constable) gets his own instead, with his latest slip from payslips.
 */
export function Component() {
  const { actor } = useCurrentUser();
  const appointmentSteps = useApprovalShortcuts();
  if (seesOwnDashboard(actor)) return <PersonalDashboard latestSlip={<LatestSlip />} />;
  return <DashboardPage appointmentSteps={appointmentSteps} />;
}
