import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import type { TPayslipVersion } from '@srpf/shared';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { usePayslipDownload } from './use-payslip-download';

export type DownloadableSlip = Pick<TPayslipVersion, 'id' | 'download_url' | 'pdf_file_name' | 'pdf_state'>;

/**
 * A slip's Download as a labelled button (the word, not only an icon), for a person's own slips on
 * the list and on the dashboard; shown only once the PDF is ready. `label` names the slip's month.
 */
export function SlipDownloadButton({
  slip,
  label,
  variant = 'secondary',
}: {
  slip: DownloadableSlip;
  label: string;
  variant?: 'primary' | 'secondary';
}) {
  const { t } = useTranslation('payslips');
  const { download, isBusy } = usePayslipDownload();
  if (slip.pdf_state !== 'ready') return null;
  const busy = isBusy(slip.id);
  return (
    <Button
      variant={variant}
      size="sm"
      aria-label={label}
      onClick={() => download(slip)}
      disabled={busy}
      aria-busy={busy || undefined}
    >
      {busy ? <Spinner className="h-4 w-4" /> : <Download aria-hidden="true" className="h-4 w-4" />}
      {t('own.download')}
    </Button>
  );
}
