import type { TAppointment } from '@srpf/shared';
import { leaveTypeLabel, LEAVE_COUNTERS } from '@srpf/shared/appointments/appointments.rules';
import { statusLabel } from '@srpf/shared/common/status';
import { dayFirstDate, shortTime } from './status';

/** Text made safe to put inside HTML. */
export function escapeHtml(value: string | number | null | undefined): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * Remarks arrive sanitised by the server, but the print window is a separate document, so it gets
 * plain text only: tags become line breaks and the words are escaped.
 */
export function remarkAsText(html: string | null | undefined): string {
  const text = (html ?? '')
    .replace(/<\/(p|h[1-3]|li)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
  return text.trim();
}

export interface PrintLabels {
  title: string;
  forceName: string;
  printedAt: string;
  fields: Record<string, string>;
  remarks: Record<'clerk_remarks' | 'officer_remarks' | 'commandant_remarks', string>;
  /** A stored leave type in the reader's language (the API's label when not given). */
  leaveTypeName?: (value: string | null) => string;
}

/** A small printable HTML page of one appointment: letterhead, every field, remarks; it prints itself. */
export function printDocument(appointment: TAppointment, labels: PrintLabels): string {
  const rows: [string, string][] = [
    ['full_name', appointment.full_name],
    ['badge_number', appointment.badge_number ?? ''],
    ['phone_number', appointment.phone_number ?? ''],
    ['designation_name', appointment.designation_name ?? ''],
    ['company_name', appointment.company_name ?? ''],
    ['dgp_id', appointment.dgp_id ?? ''],
    ['request_type', appointment.request_type],
    ['status', statusLabel(appointment.status)],
    ['appointment_date', dayFirstDate(appointment.appointment_date)],
    ['appointment_time', shortTime(appointment.appointment_time)],
    ['preferred_date', dayFirstDate(appointment.preferred_date)],
    ['notes', appointment.notes ?? ''],
    ['additional_details', appointment.additional_details ?? ''],
  ];
  if (appointment.is_leave_appointment) {
    rows.push(
      ['leave_type', (labels.leaveTypeName ?? leaveTypeLabel)(appointment.leave_type)],
      ['leave_start_date', dayFirstDate(appointment.leave_start_date)],
      ['leave_end_date', dayFirstDate(appointment.leave_end_date)],
      ['leave_reason', appointment.leave_reason ?? ''],
      ['date_of_joining', dayFirstDate(appointment.date_of_joining)],
      ...LEAVE_COUNTERS.map((counter): [string, string] => [counter, String(appointment[counter])]),
    );
  }
  const body = rows
    .filter(([, value]) => value !== '')
    .map(([key, value]) => `<tr><th>${escapeHtml(labels.fields[key] ?? key)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('');
  const remarks = (['clerk_remarks', 'officer_remarks', 'commandant_remarks'] as const)
    .map((field) => [field, remarkAsText(appointment[field])] as const)
    .filter(([, value]) => value !== '')
    .map(
      ([field, value]) =>
        `<section><h2>${escapeHtml(labels.remarks[field])}</h2><p>${escapeHtml(value).replace(/\n/g, '<br>')}</p></section>`,
    )
    .join('');
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(labels.title)} #${escapeHtml(appointment.id)}</title>
<style>body{font-family:system-ui,'Noto Sans Devanagari',sans-serif;margin:24px;color:#111}header{text-align:center;border-bottom:2px solid #111;padding-bottom:8px;margin-bottom:16px}header p{margin:4px 0;font-size:12px}h1{font-size:20px;margin:0}h2{font-size:15px;margin:16px 0 4px}table{border-collapse:collapse;width:100%}th,td{border:1px solid #999;padding:6px 8px;text-align:left;vertical-align:top;font-size:13px}th{width:35%;background:#f3f3f3}p{white-space:normal}</style>
</head><body><header><h1>${escapeHtml(labels.forceName)}</h1><p>${escapeHtml(labels.title)} #${escapeHtml(appointment.id)}</p><p>${escapeHtml(labels.printedAt)}</p></header>
<table><tbody>${body}</tbody></table>${remarks}
<script>window.addEventListener('load',function(){window.print();});</script></body></html>`;
}

/** Opens the print window; false when the browser blocked it. */
export function openPrintWindow(html: string): boolean {
  const win = window.open('', '_blank', 'width=800,height=900');
  if (!win) return false;
  win.document.open();
  win.document.write(html);
  win.document.close();
  return true;
}
