import type { PayslipStatus } from '@srpf/shared/payslips/payslips.rules';

/** A slip's own actions on its delivery: a `needs_check` one is resent or marked as sent by someone who manages payslips. */
export type DeliveryAction = 'resend' | 'markSent';

export function deliveryActions(status: PayslipStatus, manage: boolean): DeliveryAction[] {
  return manage && status === 'needs_check' ? ['resend', 'markSent'] : [];
}

/** Statuses whose reason (the server's English words) is shown under the badge. */
export const hasShownReason = (status: PayslipStatus): boolean => status === 'failed' || status === 'needs_check';

/** Whether a slip on the page is still on its way (queued or sent): the list is then read every 10 s, so it moves to delivered and read by itself. */
export function hasDeliveryInFlight(rows: readonly { status: PayslipStatus }[] | undefined): boolean {
  return (rows ?? []).some((row) => row.status === 'queued' || row.status === 'sent');
}
