import { useTranslation } from 'react-i18next';
import { CalendarClock, Pencil, Send, XCircle } from 'lucide-react';
import type { TCampaign } from '@srpf/shared';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { dateFormat } from '../../../../lib/date-format';
import { campaignTone, isOpenCampaign } from '../lib/campaign-form';

/** A moment as the force reads it (its own time zone), in the reader's language. */
export function formatMoment(iso: string | null, language: string): string {
  if (!iso) return '';
  return dateFormat(`${language}-IN`, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' }).format(
    new Date(iso),
  );
}

export type CampaignAction = 'edit' | 'send' | 'schedule' | 'cancel';

/** One campaign of the list: its name, text, category, status, audience and counts, and what may be done with it. */
export function CampaignCard({
  campaign,
  onAction,
}: {
  campaign: TCampaign;
  onAction: (action: CampaignAction, campaign: TCampaign) => void;
}) {
  const { t, i18n } = useTranslation('campaigns');
  const open = isOpenCampaign(campaign.status);
  const name = campaign.name;
  return (
    <li className="rounded-lg border border-slate-200 p-4 dark:border-slate-700" data-testid="campaign-row">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-slate-900 dark:text-slate-100">{name}</h3>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            {t(`category.${campaign.category}`, { defaultValue: campaign.category })} ·{' '}
            {campaign.company_name ?? t('allCompanies')}
          </p>
        </div>
        <Badge tone={campaignTone(campaign.status)}>{t(`status.${campaign.status}`)}</Badge>
      </div>
      <p className="mt-2 text-sm break-words whitespace-pre-wrap text-slate-700 dark:text-slate-300">
        {campaign.message}
      </p>
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
        {campaign.status === 'scheduled' && campaign.scheduled_at
          ? t('scheduledFor', { when: formatMoment(campaign.scheduled_at, i18n.language) })
          : campaign.recipients > 0
            ? t('counts', {
                count: campaign.recipients,
                sent: campaign.sent,
                delivered: campaign.delivered,
                failed: campaign.failed,
                waiting: campaign.queued,
              })
            : t('notSent')}
      </p>
      {open && (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="secondary"
            onClick={() => onAction('edit', campaign)}
            aria-label={t('editLabel', { name })}
          >
            <Pencil aria-hidden="true" className="h-4 w-4" />
            {t('edit')}
          </Button>
          <Button size="sm" onClick={() => onAction('send', campaign)} aria-label={t('sendLabel', { name })}>
            <Send aria-hidden="true" className="h-4 w-4" />
            {t('send')}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => onAction('schedule', campaign)}
            aria-label={t('scheduleLabel', { name })}
          >
            <CalendarClock aria-hidden="true" className="h-4 w-4" />
            {t('schedule.button')}
          </Button>
          {campaign.status === 'scheduled' && (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => onAction('cancel', campaign)}
              aria-label={t('cancelLabel', { name })}
            >
              <XCircle aria-hidden="true" className="h-4 w-4" />
              {t('cancelSchedule')}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
