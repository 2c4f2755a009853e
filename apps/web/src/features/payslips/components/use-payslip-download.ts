import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { getToken } from '../../../lib/session';
import { fetchPayslipPdf } from '../api/download-payslip';

/** The temporary address of a fetched PDF is released after 10 s (section 7). */
const RELEASE_AFTER_MS = 10_000;

interface Downloadable {
  id: number;
  download_url: string;
  pdf_file_name: string;
}

/**
 * A slip's download (section 7): the PDF fetched with the bearer token and saved under its name.
 * Without a stored token: 'You must be logged in to download payslips.'; a refusal: 'Failed to
 * download payslip' (with the server's reason where it gives one); anything else: 'Error
 * downloading payslip'.
 */
export function usePayslipDownload() {
  const { t } = useTranslation('payslips');
  const [busy, setBusy] = useState<number | null>(null);

  const download = async (slip: Downloadable) => {
    if (!getToken()) {
      toast.error(t('download.mustLogIn'));
      return;
    }
    setBusy(slip.id);
    try {
      const { blob, fileName } = await fetchPayslipPdf(slip.download_url, slip.pdf_file_name);
      const url = URL.createObjectURL(blob);
      setTimeout(() => URL.revokeObjectURL(url), RELEASE_AFTER_MS);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      link.rel = 'noopener';
      document.body.append(link);
      link.click();
      link.remove();
    } catch (error) {
      console.error('Failed to download payslip', error);
      if (error instanceof ApiError && error.status > 0)
        toast.error(error.status === 409 ? t('download.notReady') : t('download.failed'));
      else toast.error(t('download.error'));
    } finally {
      setBusy(null);
    }
  };

  return { download: (slip: Downloadable) => void download(slip), isBusy: (id: number) => busy === id };
}
