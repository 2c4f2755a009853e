import { PAYSLIP_PDF_STATES, payslipPdfNote, type ErrorReasonOf } from '@srpf/shared';
import type { PayslipPdfState } from '@srpf/shared';

/**
 * The reason of a download refused because the slip has no PDF yet, derived (no column) from what
 * the list already derives its stable `pdf_note` from: the state and whether the renderer left a
 * note. The renderer's English words stay in `pdf_error` (and, for managers, in the message); the
 * reason is what the web words in the reader's language.
 */
export function pdfNotReadyReason(state: string, pdfError: string | null): ErrorReasonOf<'CONFLICT'> {
  // An unknown state reads as waiting, as in the list (payslips.presenter.ts).
  const known = (PAYSLIP_PDF_STATES as readonly string[]).includes(state) ? (state as PayslipPdfState) : 'waiting';
  const note = payslipPdfNote(known, pdfError);
  if (note === 'render_failed') return 'payslips.pdf_failed';
  if (note === 'renderer_unavailable') return 'payslips.pdf_renderer_unavailable';
  return 'payslips.pdf_not_ready';
}
