import { useApprovalShortcuts } from '../../features/appointments/components/approval-shortcuts';
import { Component as DashboardPage } from '../../features/dashboard/routes/dashboard-page';

/** The dashboard, whose rows approve and reschedule through the appointments feature. */
export function Component() {
  const appointmentSteps = useApprovalShortcuts();
  return <DashboardPage appointmentSteps={appointmentSteps} />;
}
