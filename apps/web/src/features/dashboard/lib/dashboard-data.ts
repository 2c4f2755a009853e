import type { TKpiAppointment, TKpiResponse } from '@srpf/shared';
import { needsApproval, statusChartColor, statusLabel } from '@srpf/shared/common/status';

export { needsApproval } from '@srpf/shared/common/status';
export { officerName, personName, SUMMARY_METRICS } from '@srpf/shared/dashboard/dashboard.export';

export type TKpiData = TKpiResponse['data'];

/** Each count defaults to 0 (document 1, section 2); lists default to empty, so a partial answer still renders. */
export function withDefaults(data: Partial<TKpiData> | null | undefined): TKpiData {
  const summary = data?.summary;
  return {
    range: data?.range ?? { from: '', to: '' },
    summary: {
      orders: summary?.orders ?? 0,
      circulars: summary?.circulars ?? 0,
      appointments: summary?.appointments ?? 0,
      forms: summary?.forms ?? 0,
      payslips: summary?.payslips ?? 0,
    },
    appointments: data?.appointments ?? [],
    hourly: data?.hourly ?? [],
    statuses: data?.statuses ?? [],
    pending: data?.pending ?? [],
  };
}

/** A translation key for a status: 'Pending_Clerk' and 'pending clerk' → 'pending_clerk', 'no-show' → 'no_show', '' → 'none'. */
export function statusKey(status: string | null | undefined): string {
  const label = statusLabel(status);
  return label ? label.replace(/[\s-]+/g, '_') : 'none';
}

/** A translation key for a request type: 'leave related' → 'leave_related'. */
export function requestTypeKey(type: string | null | undefined): string {
  const key = (type ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return key || 'none';
}

/** Underscores shown as spaces, for values the translations do not know. */
export function humanise(value: string | null | undefined): string {
  return (value ?? '').trim().replace(/_/g, ' ');
}

/** Earliest first by date, then time; the order the day is worked through. */
export function sortByDateTime<T extends Pick<TKpiAppointment, 'appointment_date' | 'appointment_time' | 'id'>>(
  rows: readonly T[],
): T[] {
  return [...rows].sort(
    (a, b) =>
      a.appointment_date.localeCompare(b.appointment_date) ||
      (a.appointment_time ?? '').localeCompare(b.appointment_time ?? '') ||
      a.id - b.id,
  );
}

export function pendingApprovals(rows: readonly TKpiAppointment[]): TKpiAppointment[] {
  return sortByDateTime(rows.filter((row) => needsApproval(row.status)));
}

export interface StatusSlice {
  key: string;
  count: number;
  fill: string;
}

/** The period's appointments counted by status, grouped as the chart shows them, largest first, each with the spec's chart colour (section 4). */
export function statusDistribution(counts: readonly TKpiData['statuses'][number][]): StatusSlice[] {
  const slices = new Map<string, StatusSlice>();
  for (const { status, count } of counts) {
    const key = statusKey(status);
    const slice = slices.get(key);
    if (slice) slice.count += count;
    else slices.set(key, { key, count, fill: statusChartColor(status) });
  }
  return [...slices.values()].sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
}

export interface HourPoint {
  hour: string;
  today: number;
  average7d: number;
}

/** All 24 hours in order, whatever the answer holds, so the axis never jumps. */
export function hourlySeries(hourly: readonly HourPoint[]): HourPoint[] {
  const byHour = new Map(hourly.map((point) => [point.hour.padStart(2, '0').slice(0, 2), point]));
  return Array.from({ length: 24 }, (_, h) => {
    const hour = String(h).padStart(2, '0');
    const point = byHour.get(hour);
    return { hour, today: point?.today ?? 0, average7d: point?.average7d ?? 0 };
  });
}
