import { PAYSLIP_DEFAULT_FILE_NAME, payslipPdfName } from '@srpf/shared/payslips/payslips.rules';

/** The file name a Content-Disposition header carries (`filename*` first, then `filename`); null without one. */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /(?:^|;)\s*filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      const value = (extended[2] ?? '').trim().replace(/^"(.*)"$/, '$1');
      const decoded = decodeURIComponent(value);
      if (decoded.trim()) return decoded.trim();
    } catch {
      // A malformed escape: the plain name below.
    }
  }
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]*))/i.exec(header);
  const value = plain ? (plain[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : (plain[2] ?? '')) : '';
  return value.trim() || null;
}

/**
 * The name a downloaded slip is saved under (section 7): the server's name, else the slip's own
 * (`pdf_file_name`), `.pdf` enforced, `payslip.pdf` when there is neither.
 */
export function payslipDownloadName(
  contentDisposition: string | null | undefined,
  slipName: string | null | undefined,
): string {
  const fromHeader = fileNameFromDisposition(contentDisposition);
  const name = payslipPdfName(fromHeader ?? slipName);
  return name === PAYSLIP_DEFAULT_FILE_NAME && fromHeader ? payslipPdfName(slipName) : name;
}
