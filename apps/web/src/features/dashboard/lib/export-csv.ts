import { normalisePhone } from '@srpf/shared/common/phone';
import { officerName, personName, sortByDateTime, SUMMARY_METRICS, type TKpiData } from './dashboard-data';
import { formatTime } from './kolkata-time';

/** Excel reads a UTF-8 file as such (and shows Marathi and Hindi) only when it starts with a BOM. */
export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180). Text a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a
 * leading apostrophe, so an exported name cannot execute anything when the file is opened.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'number' ? String(value) : value;
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(cells: readonly (string | number | null | undefined)[]): string {
  return cells.map(csvCell).join(',');
}

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
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}

export function dashboardCsvFileName(range: { from: string; to: string }): string {
  return `srpf-dashboard-${range.from}-to-${range.to}.csv`;
}

/** Hands the text to the browser as a file download. */
export function downloadCsv(fileName: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Kept a while: some browsers start reading the blob only after click() has returned.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
