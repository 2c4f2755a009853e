/**
 * The constants and texts of salary slips (spec document 2, sections 2.14, 3, 5, 8, 9; issue 19),
 * shared by the server (which enforces them) and the web (which shows them).
 */

import { PAYSLIP_DELIVERY_STATUSES } from '../whatsapp/whatsapp.rules.js';

/** Where a slip is in its delivery: an upload sets `generated`; WhatsApp sending moves it on (whatsapp.rules.ts). */
export const PAYSLIP_STATUSES = PAYSLIP_DELIVERY_STATUSES;
export type PayslipStatus = (typeof PAYSLIP_STATUSES)[number];

/** Its PDF: waiting for the renderer (Chromium), ready to download, or failed (with the reason). */
export const PAYSLIP_PDF_STATES = ['waiting', 'ready', 'failed'] as const;
export type PayslipPdfState = (typeof PAYSLIP_PDF_STATES)[number];
/** Why a slip has no PDF, in words anyone who sees the slip may read: the server's Chromium is missing or would not start, or making it failed. */
export const PAYSLIP_PDF_NOTES = ['renderer_unavailable', 'render_failed'] as const;
export type PayslipPdfNote = (typeof PAYSLIP_PDF_NOTES)[number];

/** The note of a slip's PDF: a waiting slip with a reason waits for Chromium; one without is being made. */
export function payslipPdfNote(state: PayslipPdfState, reason: string | null): PayslipPdfNote | null {
  if (state === 'failed') return 'render_failed';
  return state === 'waiting' && reason !== null ? 'renderer_unavailable' : null;
}

/** The page sizes of the list (section 9): 10 (default), 20, 50. */
export const PAYSLIP_PAGE_SIZES = [10, 20, 50] as const;
export const PAYSLIPS_PAGE_DEFAULT = 10;
/** The largest `limit` the list accepts (the screen uses at most 50; other clients may page wider). */
export const PAYSLIPS_PAGE_MAX = 100;
export const PAYSLIPS_SEARCH_MAX = 100;

/** The multipart field that carries the slips (section 5). */
export const PAYSLIP_UPLOAD_FIELD = 'htmlFiles';
/** One slip's HTML may be at most 2 MB. */
export const PAYSLIP_FILE_MAX_BYTES = 2 * 1024 * 1024;
/** At most 10,000 slips in one request. */
export const PAYSLIP_FILES_MAX = 10_000;
/** The result panel lists the first 100 failures, then '...and N more' (section 2.14). */
export const PAYSLIP_FAILURES_SHOWN = 100;

/** A salary month as `YYYY-MM`. */
export const MONTH_YEAR_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
export const isMonthYear = (value: string): boolean => MONTH_YEAR_PATTERN.test(value);

/** Where a person's WhatsApp consent came from: themselves (Settings › Profile), an administrator (user form), or the CSV import. */
export const WHATSAPP_CONSENT_SOURCES = ['self', 'admin', 'import'] as const;
export type WhatsappConsentSource = (typeof WHATSAPP_CONSENT_SOURCES)[number];

/** The reasons a file of an upload fails (`processed.failures[].code`), each with its text (`error`). */
export const PAYSLIP_UPLOAD_FAILURES = {
  too_large: 'File is larger than 2 MB',
  empty: 'File is empty',
  not_a_slip: 'Not a salary slip, or unreadable',
  no_sevarth_id: 'No Sevarth ID found on the slip',
  unknown_sevarth_id: 'No employee with this Sevarth ID',
  month_missing: 'Salary month missing on the slip',
  too_complex: 'File is nested too deeply or has too many elements',
} as const;
export type PayslipUploadFailureCode = keyof typeof PAYSLIP_UPLOAD_FAILURES;

/** The alerts and messages of the screen (sections 5 and 8). */
export const PAYSLIP_MESSAGES = {
  selectFiles: 'Please select at least one file.',
  missingToken: 'Missing authentication token. Please log in again.',
  uploadFailed: 'Upload failed',
  loadError: 'Error loading payslips',
  downloadFailed: 'Failed to download payslip',
  downloadError: 'Error downloading payslip',
  mustLogIn: 'You must be logged in to download payslips.',
  empty: 'No payslips found',
  /** Added to the upload's message when Chromium is missing. */
  pdfsLater: 'PDFs will be made once Chromium is installed.',
  pdfNotReady: 'The PDF of this payslip is not ready yet',
  pdfFailed: 'The PDF of this payslip could not be made',
} as const;

/** The download's file name when a slip has none: `payslip.pdf` (section 7). */
export const PAYSLIP_DEFAULT_FILE_NAME = 'payslip.pdf';

/**
 * The file name a slip downloads under: its uploaded name with `.pdf` in place of `.html`/`.htm`
 * (`.pdf` always at the end), characters unsafe in a file name dropped; `payslip.pdf` when nothing is left.
 */
export function payslipPdfName(fileName: string | null | undefined): string {
  const base = (fileName ?? '')
    .replace(/^.*[\\/]/, '')
    .replace(/[\p{Cc}"<>:|?*\\/]/gu, '')
    .trim()
    .replace(/\.(x?html?|pdf)$/i, '')
    .trim();
  if (base === '' || /^\.+$/.test(base)) return PAYSLIP_DEFAULT_FILE_NAME;
  return `${base.slice(0, 200)}.pdf`;
}

/** A phone number as WhatsApp is sent it: `91` followed by the 10 digits; null when it is not 10 digits. */
export function whatsappNumber(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (digits.length === 10) return `91${digits}`;
  if (digits.length === 12 && digits.startsWith('91')) return digits;
  return null;
}

/** Rupees of an amount in paise, for display: 123456 → '1,234.56' (Indian grouping: 1,23,456.00). */
export function formatPaise(paise: number | null | undefined): string {
  if (paise === null || paise === undefined || !Number.isFinite(paise)) return '';
  const negative = paise < 0;
  const absolute = Math.abs(Math.trunc(paise));
  const rupees = Math.floor(absolute / 100).toString();
  const fraction = (absolute % 100).toString().padStart(2, '0');
  const last3 = rupees.slice(-3);
  const rest = rupees.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${rest ? `${rest},${last3}` : last3}.${fraction}`;
}
