/** Appointment statuses as stored (document 2, section 3 and the appointments issue). */
export const APPOINTMENT_STATUSES = [
  'scheduled',
  'pending',
  'pending_clerk',
  'pending_officer',
  'pending_final',
  'approved',
  'completed',
  'rejected',
  'cancelled',
  'no_show',
  'deferred',
  'rescheduled',
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

export type StatusTone = 'warning' | 'success' | 'danger' | 'neutral';

const PENDING_GROUP = new Set(['pending', 'scheduled', 'pending_clerk', 'pending_officer', 'pending_final']);
const SUCCESS_GROUP = new Set(['approved', 'completed']);
const DANGER_GROUP = new Set(['rejected', 'cancelled', 'no_show']);
const RESCHEDULE_GROUP = new Set(['rescheduled', 'deferred']);

/** Case-insensitive; hyphens and spaces read as underscores ('no-show' is no_show). */
function key(status: string | null | undefined): string {
  return (status ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

export function isPendingStatus(status: string | null | undefined): boolean {
  return PENDING_GROUP.has(key(status));
}

/** Approve and Reschedule are offered for the pending group and for a row without a status (document 1, section 2). */
export function needsApproval(status: string | null | undefined): boolean {
  return isPendingStatus(status) || !status?.trim();
}

/** The dashboard's tone of a status (document 1, section 4). */
export function statusTone(status: string | null | undefined): StatusTone {
  const k = key(status);
  if (PENDING_GROUP.has(k)) return 'warning';
  if (SUCCESS_GROUP.has(k)) return 'success';
  if (DANGER_GROUP.has(k)) return 'danger';
  return 'neutral';
}

export const STATUS_CHART_COLORS = {
  success: '#1E8E5A',
  pending: '#B26E00',
  danger: '#A22C29',
  rescheduled: '#2E5AAC',
  other: '#9CA3AF',
} as const;

/** The chart colour of a status (document 1, section 4). */
export function statusChartColor(status: string | null | undefined): string {
  const k = key(status);
  if (SUCCESS_GROUP.has(k)) return STATUS_CHART_COLORS.success;
  if (PENDING_GROUP.has(k)) return STATUS_CHART_COLORS.pending;
  if (DANGER_GROUP.has(k)) return STATUS_CHART_COLORS.danger;
  if (RESCHEDULE_GROUP.has(k)) return STATUS_CHART_COLORS.rescheduled;
  return STATUS_CHART_COLORS.other;
}

/** Underscores shown as spaces; no_show shown as 'no-show'. */
export function statusLabel(status: string | null | undefined): string {
  const k = key(status);
  if (k === 'no_show') return 'no-show';
  return k.replace(/_/g, ' ');
}
