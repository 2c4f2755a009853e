import { normalisePhone } from '@srpf/shared/common/phone';
import { csvDocument, csvRow } from '../../../lib/csv';
import { officerName, personName, sortByDateTime, SUMMARY_METRICS, type TKpiData } from './dashboard-data';
import { formatTime } from './kolkata-time';

export const APPOINTMENT_COLUMNS = ['id', 'date', 'time', 'name', 'officer', 'phone', 'badge', 'type', 'status'] as const;

/**
 * The shown range as CSV: the KPI summary (metric,count), a blank line, then one row per appointment in
 * the table's order (date, then time).
 * Column names stay English so a sheet built on the file keeps working whatever the interface language.
 */
export function buildDashboardCsv(data: Pick<TKpiData, 'summary' | 'appointments'>): string {
  const lines = [
    csvRow(['metric', 'count']),
    ...SUMMARY_METRICS.map((metric) => csvRow([metric, data.summary[metric] ?? 0])),
    '',
    csvRow(APPOINTMENT_COLUMNS),
    ...sortByDateTime(data.appointments).map((a) =>
      csvRow([
        a.id,
        a.appointment_date,
        formatTime(a.appointment_time),
        personName(a),
        officerName(a),
        normalisePhone(a.phone_number),
        a.badge_number,
        a.request_type,
        a.status,
      ]),
    ),
  ];
  return csvDocument(lines);
}

export function dashboardCsvFileName(range: { from: string; to: string }): string {
  return `srpf-dashboard-${range.from}-to-${range.to}.csv`;
}
