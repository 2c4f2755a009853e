import { csvRow } from '../common/csv.js';
import { normalisePhone } from '../common/phone.js';
import type { TKpiAppointment, TKpiSummary } from './dashboard.schemas.js';

/** Rows a dashboard answer lists at most; the export (GET /api/kpis/daily/export) carries them all. */
export const KPI_TABLE_LIMIT = 500;

/** The five count cards, in the spec's order (document 1, section 2). */
export const SUMMARY_METRICS = [
  'orders',
  'circulars',
  'appointments',
  'forms',
  'payslips',
] as const satisfies readonly (keyof TKpiSummary)[];

/** The applicant's name: `name`, else first and last name. */
export function personName(a: Pick<TKpiAppointment, 'name' | 'first_name' | 'last_name'>): string {
  const name = a.name?.trim();
  if (name) return name;
  return [a.first_name, a.last_name].filter((part) => part?.trim()).join(' ');
}

/** The Officer column: officer_name, else the name (document 1, section 3). */
export function officerName(a: Pick<TKpiAppointment, 'officer_name' | 'name' | 'first_name' | 'last_name'>): string {
  return a.officer_name?.trim() || personName(a);
}

/** '09:30:00' → '09:30'. */
export function formatTime(time: string | null | undefined): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(time ?? '');
  return match ? `${match[1]!.padStart(2, '0')}:${match[2]}` : (time ?? '');
}

export const APPOINTMENT_COLUMNS = [
  'id',
  'date',
  'time',
  'name',
  'officer',
  'phone',
  'badge',
  'type',
  'status',
] as const;

/**
 * The dashboard's export (a CSV of the shown range): the KPI summary (metric,count), a blank line, the
 * appointment header, then one row per appointment, by date and time. These are its first lines.
 * Column names stay English so a sheet built on the file keeps working whatever the interface language.
 */
export function dashboardCsvHead(summary: TKpiSummary): string[] {
  return [
    csvRow(['metric', 'count']),
    ...SUMMARY_METRICS.map((metric) => csvRow([metric, summary[metric] ?? 0])),
    '',
    csvRow(APPOINTMENT_COLUMNS),
  ];
}

/** One appointment line of the dashboard's export. */
export function dashboardCsvRow(a: TKpiAppointment): string {
  return csvRow([
    a.id,
    a.appointment_date,
    formatTime(a.appointment_time),
    personName(a),
    officerName(a),
    normalisePhone(a.phone_number),
    a.badge_number,
    a.request_type,
    a.status,
  ]);
}

export function dashboardCsvFileName(range: { from: string; to: string }): string {
  return `srpf-dashboard-${range.from}-to-${range.to}.csv`;
}
