import { useTranslation } from 'react-i18next';
import { CalendarClock, Pencil, Send, XCircle, type LucideIcon } from 'lucide-react';
import type { TCampaign } from '@srpf/shared';
import { Badge } from '../../../../components/ui/badge';
import { Button, type ButtonVariant } from '../../../../components/ui/button';
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

/** The buttons of an open campaign, in order: its text and its label naming the campaign (cancel only when scheduled). */
const CARD_ACTIONS: {
  action: CampaignAction;
  icon: LucideIcon;
  variant: ButtonVariant;
  text: string;
  label: string;
}[] = [
  { action: 'edit', icon: Pencil, variant: 'secondary', text: 'edit', label: 'editLabel' },
  { action: 'send', icon: Send, variant: 'primary', text: 'send', label: 'sendLabel' },
  { action: 'schedule', icon: CalendarClock, variant: 'secondary', text: 'schedule.button', label: 'scheduleLabel' },
  { action: 'cancel', icon: XCircle, variant: 'ghost', text: 'cancelSchedule', label: 'cancelLabel' },
];

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
          {CARD_ACTIONS.filter((entry) => entry.action !== 'cancel' || campaign.status === 'scheduled').map(
            ({ action, icon: Icon, variant, text, label }) => (
              <Button
                key={action}
                size="sm"
                variant={variant}
                onClick={() => onAction(action, campaign)}
                aria-label={t(label, { name })}
              >
                <Icon aria-hidden="true" className="h-4 w-4" />
                {t(text)}
              </Button>
            ),
          )}
        </div>
      )}
    </li>
  );
}
