import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { Download } from 'lucide-react';
import { dashboardCsvFileName } from '@srpf/shared/dashboard/dashboard.export';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';
import { downloadBlob } from '../../../lib/csv';
import { fetchDashboardCsv } from '../api/export-kpis';
import type { TKpiData } from '../lib/dashboard-data';

/** Downloads the shown period as CSV: the summary, then every appointment of the period. */
export function ExportButton({ data }: { data: TKpiData | undefined }) {
  const { t } = useTranslation('dashboard');
  const [busy, setBusy] = useState(false);

  const exportRange = async (range: TKpiData['range']) => {
    setBusy(true);
    try {
      downloadBlob(dashboardCsvFileName(range), await fetchDashboardCsv(range));
    } catch (error) {
      toast.error(
        t('export.failed', {
          message: error instanceof ApiError ? errorText(error) : t('errors.generic', { ns: 'common' }),
        }),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      variant="secondary"
      disabled={!data || busy}
      aria-busy={busy}
      title={t('export.hint')}
      onClick={() => data && void exportRange(data.range)}
      className="shrink-0 shadow-sm"
    >
      {busy ? <Spinner className="size-4" /> : <Download className="size-4" aria-hidden="true" />}
      {t('export.button')}
    </Button>
  );
}
