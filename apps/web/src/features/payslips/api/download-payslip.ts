import { apiResponse, UPLOAD_TIMEOUT_MS } from '../../../lib/api-client';
import { payslipDownloadName } from '../lib/download-name';

export interface FetchedPayslip {
  blob: Blob;
  fileName: string;
}

/**
 * GET of a slip's (or an earlier version's) `download_url` with the bearer token: the PDF and the
 * name to save it under (Content-Disposition, else the slip's name, `.pdf` enforced, `payslip.pdf`
 * by default; section 7). The server answers 409 while the PDF is not ready.
 */
export async function fetchPayslipPdf(
  downloadUrl: string,
  slipName: string | null | undefined,
): Promise<FetchedPayslip> {
  const response = await apiResponse(downloadUrl, { timeoutMs: UPLOAD_TIMEOUT_MS });
  const blob = await response.blob();
  return {
    blob: blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' }),
    fileName: payslipDownloadName(response.headers.get('content-disposition'), slipName),
  };
}
