import { z } from 'zod';
import { pageQuery, ZPagination } from '../common/pagination.js';
import { queryId, queryText } from '../common/query.js';
import { WHATSAPP_LANGUAGES } from '../appointments/appointments.rules.js';
import {
  isMonthYear,
  PAYSLIP_PDF_NOTES,
  PAYSLIP_PDF_STATES,
  PAYSLIP_STATUSES,
  PAYSLIP_UPLOAD_FAILURES,
  PAYSLIPS_PAGE_DEFAULT,
  PAYSLIPS_PAGE_MAX,
  PAYSLIPS_SEARCH_MAX,
  WHATSAPP_CONSENT_SOURCES,
} from './payslips.rules.js';

/**
 * The salary slips' contract (spec document 2, sections 2.14, 3, 5, 7; issue 19).
 *
 * Paths:
 * - `POST /api/salary-slip/upload-html`, multipart, the slips under `htmlFiles` (each ≤ 2 MB, ≤ 10,000
 *   a request), `manage_payslips` → ZPayslipUploadResponse (200 whenever the request itself was
 *   good, whatever became of each file; 400 no files / not multipart, 413 too many files).
 * - `GET /api/salary-slip/salaryslips/all` (ZPayslipListQuery) → ZPayslipListResponse: the current
 *   version of each employee's slip per month, newest month first, then by employee name.
 *   `manage_payslips`: the slips of the actor's companies (all for administrators) and their own;
 *   everyone else: only their own.
 * - `GET /api/payslips/stats?month_year=` → ZPayslipStatsResponse (same scope as the list).
 * - `GET /api/payslips/eligible-users?month_year=` → ZPayslipEligibleUsersResponse
 *   (`manage_payslips`): active users with a phone and WhatsApp enabled who have a slip that month.
 * - `GET /api/payslips/{id}/download` (each row's and each version's `download_url`): the PDF,
 *   `Content-Disposition: attachment; filename="<slip name>.pdf"`; 409 `CONFLICT` while it is
 *   waiting or failed; 404 for a slip the actor may not see (the refusal is audited).
 * - `PUT /api/users/profile/whatsapp` (ZWhatsappConsentRequest) → ZWhatsappConsentResponse: the
 *   signed-in person opts in or out (Settings › Profile); audited with the moment.
 */

const blankAsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** A `month_year` query value: `YYYY-MM`; blank or absent means every month. */
export const queryMonthYear = z.preprocess(
  blankAsAbsent,
  z.string().trim().refine(isMonthYear, 'month_year must be a month as YYYY-MM').optional(),
);

export const ZPayslipStatus = z.enum(PAYSLIP_STATUSES);
export const ZPayslipPdfState = z.enum(PAYSLIP_PDF_STATES);

export const ZPayslipIdParams = z.object({
  id: z.coerce
    .number({ error: 'id must be a positive integer' })
    .int('id must be a positive integer')
    .positive('id must be a positive integer')
    .max(2_147_483_647, 'id is too large'),
});
export type TPayslipIdParams = z.infer<typeof ZPayslipIdParams>;

/** GET /salary-slip/salaryslips/all. */
export const ZPayslipListQuery = pageQuery(PAYSLIPS_PAGE_MAX, PAYSLIPS_PAGE_DEFAULT).extend({
  status: z.preprocess(
    blankAsAbsent,
    z.enum(PAYSLIP_STATUSES, { error: `status must be one of: ${PAYSLIP_STATUSES.join(', ')}` }).optional(),
  ),
  month_year: queryMonthYear,
  /** Employee name or payslip number (also the Sevarth ID), case-insensitive, part of a word. */
  search: queryText(PAYSLIPS_SEARCH_MAX),
  /** Only one company's slips (inside the actor's scope). */
  company_id: queryId,
  /** Only one person's slips (inside the actor's scope). */
  user_id: queryId,
  pdf_state: z.preprocess(
    blankAsAbsent,
    z.enum(PAYSLIP_PDF_STATES, { error: `pdf_state must be one of: ${PAYSLIP_PDF_STATES.join(', ')}` }).optional(),
  ),
});
export type TPayslipListQuery = z.infer<typeof ZPayslipListQuery>;

/** The person a slip belongs to, as the WhatsApp column reads it. */
export const ZPayslipUser = z.object({
  id: z.number().int(),
  full_name: z.string(),
  dgp_id: z.string().nullable(),
  /** 10 digits, or null. */
  phone_number: z.string().nullable(),
  whatsapp_enabled: z.boolean(),
  whatsapp_language: z.enum(WHATSAPP_LANGUAGES),
  is_active: z.boolean(),
});
export type TPayslipUser = z.infer<typeof ZPayslipUser>;

/** What a slip said and where its files are: shared by the current row and its earlier versions. */
const slipFields = {
  id: z.number().int(),
  /** 1 for the first slip of that employee and month, 2 for the next upload, … */
  version: z.number().int(),
  /** The uploaded file's name (cleaned), e.g. `ABCDEFG1234_2026-04.html`: the Payslip File column. */
  file_name: z.string(),
  /** The name the PDF downloads under (`file_name` with `.pdf`). */
  pdf_file_name: z.string(),
  /** `/api/payslips/{id}/download`: answers the PDF once `pdf_state` is `ready` (409 before). */
  download_url: z.string(),
  pdf_state: ZPayslipPdfState,
  /** Why there is no PDF, for anyone who sees the slip (the screen says it in their language); null while it is being made or once ready. */
  pdf_note: z.enum(PAYSLIP_PDF_NOTES).nullable(),
  /** The renderer's own words for it (where Chromium was looked for, its error): only for those who manage payslips, null for others. */
  pdf_error: z.string().nullable(),
  /** The salary month, `YYYY-MM`. */
  salary_month: z.string(),
  /** The Sevarth ID on the slip, the DGP ID it was matched by. */
  sevarth_id: z.string(),
  /** The name on the slip. */
  employee_name: z.string(),
  payslip_number: z.string().nullable(),
  /** `YYYY-MM-DD`, or null when the slip does not show it. */
  date_of_birth: z.string().nullable(),
  date_of_joining: z.string().nullable(),
  date_of_retirement: z.string().nullable(),
  /** Money in integer paise (₹1 = 100), or null when the slip does not show it. */
  gross_paise: z.number().int().nullable(),
  deductions_paise: z.number().int().nullable(),
  net_paise: z.number().int().nullable(),
  /** False when the slip shows gross, deductions and net and net ≠ gross − deductions (stored as read, flagged). */
  consistent: z.boolean(),
  status: ZPayslipStatus,
  /** Why it failed (status `failed`), else null. */
  status_reason: z.string().nullable(),
  uploaded_by: z.number().int().nullable(),
  /** When this version was uploaded. */
  created_at: z.string(),
  updated_at: z.string(),
};

/** An earlier version of a slip, kept and downloadable by the same people. */
export const ZPayslipVersion = z.object({
  ...slipFields,
  /** When the next version replaced it. */
  superseded_at: z.string(),
});
export type TPayslipVersion = z.infer<typeof ZPayslipVersion>;

/** A row of the list: the current version of one employee's slip for one month. */
export const ZPayslip = z.object({
  ...slipFields,
  /** The month as the filter writes it (same as salary_month). */
  month_year: z.string(),
  user_id: z.number().int(),
  company_id: z.number().int().nullable(),
  company_name: z.string().nullable(),
  user: ZPayslipUser,
  /** How many versions there are, this one included. */
  version_count: z.number().int(),
  /** The earlier versions, newest first. */
  versions: z.array(ZPayslipVersion),
});
export type TPayslip = z.infer<typeof ZPayslip>;

/** The list envelope: rows under `data.payslips` with the spec's `total`, `page`, `totalPages` beside them, and the product's pagination. */
export const ZPayslipListResponse = z.object({
  success: z.literal(true),
  data: z.object({
    payslips: z.array(ZPayslip),
    total: z.number().int(),
    page: z.number().int(),
    totalPages: z.number().int(),
  }),
  pagination: ZPagination,
});
export type TPayslipListResponse = z.infer<typeof ZPayslipListResponse>;

/** One failed file of an upload. */
export const ZPayslipUploadFailure = z.object({
  filename: z.string(),
  /** A sentence for the result panel: the reader's own explanation for files that are not slips, else PAYSLIP_UPLOAD_FAILURES[code] (with the Sevarth ID for an unknown one). `code` is the stable part. */
  error: z.string(),
  code: z.enum(
    Object.keys(PAYSLIP_UPLOAD_FAILURES) as [
      keyof typeof PAYSLIP_UPLOAD_FAILURES,
      ...(keyof typeof PAYSLIP_UPLOAD_FAILURES)[],
    ],
  ),
});
export type TPayslipUploadFailure = z.infer<typeof ZPayslipUploadFailure>;

/** The renderer's state as the upload and the list read it. */
export const ZPayslipRendererState = z.object({
  /** Chromium can be started: PDFs are being made in the background. */
  available: z.boolean(),
  /** Why not, when it cannot. */
  reason: z.string().nullable(),
});
export type TPayslipRendererState = z.infer<typeof ZPayslipRendererState>;

/**
 * POST /salary-slip/upload-html: the spec's upload result. `success` is true when at least one slip
 * was stored. Every file appears exactly once: in `successful` or in `failures`.
 */
export const ZPayslipUploadResponse = z.object({
  success: z.boolean(),
  /** e.g. '12 payslips uploaded, 2 failed. PDFs will be made once Chromium is installed.' */
  message: z.string(),
  processed: z.object({
    /** Files stored as slips (new ones and new versions). */
    successful: z.number().int(),
    failed: z.number().int(),
    /** Every failed file (the screen shows the first 100, then '...and N more'). */
    failures: z.array(ZPayslipUploadFailure),
    /** Of the successful: how many replaced an earlier slip of the same employee and month (kept as versions). */
    new_versions: z.number().int(),
    /** Of the successful: how many flagged net ≠ gross − deductions. */
    inconsistent: z.number().int(),
    /** Distinct salary months in the stored slips, ascending (`YYYY-MM`). */
    months: z.array(z.string()),
  }),
  /** Whether PDFs are being made now, or wait for Chromium. */
  renderer: ZPayslipRendererState,
  /** PDFs queued by this upload (one background job per stored slip). */
  pdfs_pending: z.number().int(),
});
export type TPayslipUploadResponse = z.infer<typeof ZPayslipUploadResponse>;

/** GET /payslips/stats and GET /payslips/eligible-users. */
export const ZPayslipMonthQuery = z.object({ month_year: queryMonthYear });
export type TPayslipMonthQuery = z.infer<typeof ZPayslipMonthQuery>;

export const ZPayslipStats = z.object({
  /** The month counted, or null for every month. */
  month_year: z.string().nullable(),
  /** Current slips (one per employee and month). */
  total: z.number().int(),
  by_status: z.object({
    generated: z.number().int(),
    sent: z.number().int(),
    delivered: z.number().int(),
    failed: z.number().int(),
  }),
  by_pdf_state: z.object({ waiting: z.number().int(), ready: z.number().int(), failed: z.number().int() }),
  /** Slips whose net contradicts gross − deductions. */
  inconsistent: z.number().int(),
  /** Slips that have earlier versions. */
  with_versions: z.number().int(),
  /** Slips whose person could receive them on WhatsApp (active, phone, enabled). */
  whatsapp_eligible: z.number().int(),
  renderer: ZPayslipRendererState,
});
export type TPayslipStats = z.infer<typeof ZPayslipStats>;
export const ZPayslipStatsResponse = z.object({ success: z.literal(true), data: z.object({ stats: ZPayslipStats }) });
export type TPayslipStatsResponse = z.infer<typeof ZPayslipStatsResponse>;

export const ZPayslipEligibleUser = z.object({
  id: z.number().int(),
  full_name: z.string(),
  dgp_id: z.string().nullable(),
  company_id: z.number().int().nullable(),
  /** 10 digits as stored. */
  phone_number: z.string(),
  /** `91` + the 10 digits, as WhatsApp is sent it. */
  whatsapp_number: z.string(),
  whatsapp_language: z.enum(WHATSAPP_LANGUAGES),
  /** The current slip of that month (the newest month when no month is given). */
  payslip_id: z.number().int(),
  salary_month: z.string(),
  payslip_status: ZPayslipStatus,
  pdf_state: ZPayslipPdfState,
});
export type TPayslipEligibleUser = z.infer<typeof ZPayslipEligibleUser>;
export const ZPayslipEligibleUsersResponse = z.object({
  success: z.literal(true),
  data: z.object({ users: z.array(ZPayslipEligibleUser), total: z.number().int(), month_year: z.string().nullable() }),
});
export type TPayslipEligibleUsersResponse = z.infer<typeof ZPayslipEligibleUsersResponse>;

// ---------------------------------------------------------------------------------------------
// WhatsApp consent (users)

export const ZWhatsappLanguage = z.enum(WHATSAPP_LANGUAGES, {
  error: `WhatsApp language must be one of: ${WHATSAPP_LANGUAGES.join(', ')}`,
});
export const ZWhatsappConsentSource = z.enum(WHATSAPP_CONSENT_SOURCES);

/** A person's WhatsApp consent as the user record and the profile carry it. */
export const ZWhatsappConsent = z.object({
  whatsapp_enabled: z.boolean(),
  whatsapp_language: z.enum(WHATSAPP_LANGUAGES),
  /** When it was last given or withdrawn, or null when never. */
  whatsapp_consent_at: z.string().nullable(),
  whatsapp_consent_source: ZWhatsappConsentSource.nullable(),
  /** When the phone number was confirmed as the person's (issue 31), or null: nothing is sent to it. */
  phone_verified_at: z.string().nullable(),
  /** self (a code), admin (user form), import (CSV), existing (on file before verification began). */
  phone_verified_source: z.enum(['self', 'admin', 'import', 'existing']).nullable(),
  /** Consent to notices (campaigns), apart from consent to slips. */
  whatsapp_notices_enabled: z.boolean(),
  whatsapp_notices_consent_at: z.string().nullable(),
});
export type TWhatsappConsent = z.infer<typeof ZWhatsappConsent>;

/**
 * PUT /users/profile/whatsapp: opt in or out of slips, of notices (issue 31), and choose the
 * language; at least one of them. Turning either on needs a verified number.
 */
export const ZWhatsappConsentRequest = z
  .object({
    whatsapp_enabled: z.boolean({ error: 'whatsapp_enabled must be true or false' }).optional(),
    whatsapp_notices_enabled: z.boolean({ error: 'whatsapp_notices_enabled must be true or false' }).optional(),
    whatsapp_language: ZWhatsappLanguage.optional(),
  })
  .refine(
    (input) =>
      input.whatsapp_enabled !== undefined ||
      input.whatsapp_notices_enabled !== undefined ||
      input.whatsapp_language !== undefined,
    { message: 'Send whatsapp_enabled, whatsapp_notices_enabled or whatsapp_language', path: ['whatsapp_enabled'] },
  );
export type TWhatsappConsentRequest = z.infer<typeof ZWhatsappConsentRequest>;
export const ZWhatsappConsentResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ whatsapp: ZWhatsappConsent }),
});
export type TWhatsappConsentResponse = z.infer<typeof ZWhatsappConsentResponse>;
