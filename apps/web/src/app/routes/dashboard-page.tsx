import { seesOwnDashboard } from '@srpf/shared/dashboard/dashboard.policy';
import { useApprovalShortcuts } from '../../features/appointments/components/approval-shortcuts';
import { DashboardBanner } from '../../features/dashboard/components/dashboard-banner';
import { DashboardColumn } from '../../features/dashboard/components/dashboard-column';
import { PersonalDashboard } from '../../features/dashboard/components/personal-dashboard';
import { Component as DashboardPage } from '../../features/dashboard/routes/dashboard-page';
import { LatestSlip } from '../../features/payslips/components/latest-slip';
import { useCurrentUser } from '../../lib/current-user';
import { useCurrentUserRecord } from '../layout/current-user-query';

/**
 * The dashboard, whose rows approve and reschedule through the appointments feature; a person who
 * sees no one else's figures (a constable) gets his own instead, with his latest slip from payslips.
 */
export function Component() {
  const me = useCurrentUser();
  const record = useCurrentUserRecord(me.id);
  const appointmentSteps = useApprovalShortcuts();
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
  return <DashboardPage appointmentSteps={appointmentSteps} />;
}
