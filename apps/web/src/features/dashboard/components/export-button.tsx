import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import type { TKpiData } from '../lib/dashboard-data';
import { downloadTextFile } from '../../../lib/csv';
import { buildDashboardCsv, dashboardCsvFileName } from '../lib/export-csv';

/** Downloads the figures on screen: the summary, then the appointments of the period. */
export function ExportButton({ data }: { data: TKpiData | undefined }) {
  const { t } = useTranslation('dashboard');
  return (
    <Button
      variant="secondary"
      disabled={!data}
      title={t('export.hint')}
      onClick={() => data && downloadTextFile(dashboardCsvFileName(data.range), buildDashboardCsv(data))}
      className="shrink-0 shadow-sm"
    >
      <Download className="size-4" aria-hidden="true" />
      {t('export.button')}
    </Button>
  );
}
