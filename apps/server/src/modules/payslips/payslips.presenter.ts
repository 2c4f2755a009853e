import {
  fullNameOf,
  payslipPdfName,
  payslipPdfNote,
  PAYSLIP_PDF_STATES,
  PAYSLIP_STATUSES,
  WHATSAPP_LANGUAGES,
  type TPayslip,
  type TPayslipVersion,
} from '@srpf/shared';
import type { PayslipRow, PayslipView } from './payslips.repository.js';

/** Where a slip's PDF is downloaded (each version has its own id). */
export const payslipDownloadUrl = (id: number) => `/api/payslips/${id}/download`;

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  (values as readonly string[]).includes(value) ? (value as T) : fallback;

/**
 * `withRendererDetail`: the renderer's own words for a missing PDF (where Chromium was looked for,
 * its error) go to those who manage payslips; everyone else reads the note, in their language.
 */
function slipFields(row: PayslipRow, withRendererDetail: boolean) {
  const pdfState = oneOf(PAYSLIP_PDF_STATES, row.pdf_state, 'waiting');
  return {
    id: row.id,
    version: row.version,
    file_name: row.file_name,
    pdf_file_name: payslipPdfName(row.file_name),
    download_url: payslipDownloadUrl(row.id),
    pdf_state: pdfState,
    pdf_note: payslipPdfNote(pdfState, row.pdf_error),
    pdf_error: withRendererDetail ? row.pdf_error : null,
    salary_month: row.salary_month,
    sevarth_id: row.sevarth_id,
    employee_name: row.employee_name,
    payslip_number: row.payslip_number,
    date_of_birth: row.date_of_birth,
    date_of_joining: row.date_of_joining,
    date_of_retirement: row.date_of_retirement,
    gross_paise: row.gross_paise,
    deductions_paise: row.deductions_paise,
    net_paise: row.net_paise,
    consistent: row.consistent,
    // The messaging issue may add states (read, needs_check); until the contract names them they read as sent.
    status: oneOf(PAYSLIP_STATUSES, row.status, 'sent'),
    status_reason: row.status_reason,
    uploaded_by: row.uploaded_by,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function toPayslipVersion(row: PayslipRow, withRendererDetail: boolean): TPayslipVersion {
  return { ...slipFields(row, withRendererDetail), superseded_at: (row.superseded_at ?? row.updated_at).toISOString() };
}

/** A row of the list: the current version, its person as the WhatsApp column reads them, and its earlier versions. */
export function toPayslip(row: PayslipView, versions: readonly PayslipRow[], withRendererDetail: boolean): TPayslip {
  return {
    ...slipFields(row, withRendererDetail),
    month_year: row.salary_month,
    user_id: row.user_id,
    company_id: row.person_company_id,
    company_name: row.company_name,
    user: {
      id: row.user_id,
      full_name: fullNameOf({
        first_name: row.person_first,
        middle_name: row.person_middle,
        last_name: row.person_last,
      }),
      dgp_id: row.person_dgp_id,
      phone_number: row.person_phone,
      whatsapp_enabled: row.person_whatsapp_enabled,
      whatsapp_language: oneOf(WHATSAPP_LANGUAGES, row.person_whatsapp_language, 'en'),
      is_active: row.person_active,
    },
    version_count: row.version,
    versions: versions.map((version) => toPayslipVersion(version, withRendererDetail)),
  };
}
