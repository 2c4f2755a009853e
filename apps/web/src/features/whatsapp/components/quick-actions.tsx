import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { CalendarClock, Download, Megaphone, Settings } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { downloadBlob } from '../../../lib/csv';
import { errorText } from '../../../lib/error-text';
import { fetchMessagesCsv } from '../api/export-messages';
import type { MessageFilters } from '../api/query-keys';

const ACTION =
  'flex items-center gap-3 rounded-lg border border-slate-200 p-3 text-left text-sm font-medium text-slate-800 transition hover:bg-slate-50 disabled:cursor-wait disabled:opacity-70 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800';

/**
 * Quick Actions: Send Broadcast and Schedule Message open the campaigns' dialog (`?campaign=new`,
 * `&schedule=1`), Export Chat downloads the messages of the current filters as CSV, Bot Settings
 * opens Settings at the self-service switch.
 */
export function QuickActions({ filters, onBotSettings }: { filters: MessageFilters; onBotSettings: () => void }) {
  const { t } = useTranslation('whatsapp');
  const [, setParams] = useSearchParams();
  const [exporting, setExporting] = useState(false);

  const openCampaign = (schedule: boolean) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('campaign', 'new');
      if (schedule) next.set('schedule', '1');
      else next.delete('schedule');
      return next;
    });

  const exportChat = async () => {
    setExporting(true);
    try {
      const file = await fetchMessagesCsv(filters);
      downloadBlob(file.fileName, file.blob);
    } catch (error) {
      toast.error(t('quick.exportFailed', { message: errorText(error as Error) }));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card className="p-5">
      <h2 className="mb-4 text-lg font-semibold text-slate-900 dark:text-slate-100">{t('quick.title')}</h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <button type="button" className={ACTION} onClick={() => openCampaign(false)}>
          <Megaphone aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-100" />
          {t('quick.sendBroadcast')}
        </button>
        <button type="button" className={ACTION} onClick={() => openCampaign(true)}>
          <CalendarClock aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-100" />
          {t('quick.scheduleMessage')}
        </button>
        <button type="button" className={ACTION} disabled={exporting} onClick={() => void exportChat()}>
          <Download aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-100" />
          {exporting ? t('quick.exporting') : t('quick.exportChat')}
        </button>
        <button type="button" className={ACTION} onClick={onBotSettings}>
          <Settings aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-100" />
          {t('quick.botSettings')}
        </button>
      </div>
    </Card>
  );
}
