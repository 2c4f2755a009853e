import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import { Megaphone, Plus } from 'lucide-react';
import { mayUseCampaigns, type TCampaign } from '@srpf/shared';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../../components/ui/empty-state';
import { LoadFailed } from '../../../../components/ui/load-failed';
import { Skeleton } from '../../../../components/ui/skeleton';
import { useCurrentUser } from '../../../../lib/current-user';
import { CAMPAIGNS_LIMIT, getAudience, useCampaigns, useCancelSchedule, useSendCampaign } from '../api/campaigns-api';
import { campaignErrorText } from '../lib/campaign-error';
import { CampaignCard, type CampaignAction } from './campaign-card';
import { CampaignDialog } from './campaign-dialog';
import { ScheduleDialog } from './schedule-dialog';

type Editing = { campaign: TCampaign | null; thenSchedule: boolean } | null;
type Sending = { campaign: TCampaign; count: number; waiting: number } | null;

/**
 * Broadcast Campaigns on the messaging overview (document 2, section 2.15; issue 31): the ten newest
 * campaigns of the reader's companies with New Campaign, Edit, Send and Schedule. `?campaign=new`
 * opens New Campaign, and `&schedule=1` goes on to the schedule step once the draft is saved (the
 * overview's Quick Actions link there). Shown only to holders of send_whatsapp; the server decides.
 */
export function CampaignsSection() {
  const { actor } = useCurrentUser();
  if (!mayUseCampaigns(actor)) return null;
  return <Campaigns />;
}

function Campaigns() {
  const { t } = useTranslation('campaigns');
  const [params, setParams] = useSearchParams();
  const campaigns = useCampaigns(1);
  const send = useSendCampaign();
  const cancel = useCancelSchedule();
  const [editing, setEditing] = useState<Editing>(null);
  const [scheduling, setScheduling] = useState<TCampaign | null>(null);
  const [sending, setSending] = useState<Sending>(null);
  const [counting, setCounting] = useState<number | null>(null);

  // The Quick Actions' links open New Campaign from the address; closing it drops the parameters.
  const fromAddress: Editing =
    params.get('campaign') === 'new' ? { campaign: null, thenSchedule: params.get('schedule') === '1' } : null;
  const shownEditing = editing ?? fromAddress;
  const closeEditing = () => {
    setEditing(null);
    if (fromAddress)
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('campaign');
          next.delete('schedule');
          return next;
        },
        { replace: true },
      );
  };

  const act = async (action: CampaignAction, campaign: TCampaign) => {
    if (action === 'edit') setEditing({ campaign, thenSchedule: false });
    if (action === 'schedule') setScheduling(campaign);
    if (action === 'cancel') {
      try {
        await cancel.mutateAsync(campaign.id);
        toast.success(t('cancelled', { name: campaign.name }));
      } catch (error) {
        toast.error(campaignErrorText(error));
      }
    }
    if (action === 'send') {
      // The server counts the people who would get it now; the confirmation says that number.
      setCounting(campaign.id);
      try {
        const audience = await getAudience(campaign.id);
        if (audience.count === 0) toast.error(t('sendNobody'));
        else setSending({ campaign, count: audience.count, waiting: audience.waiting_for_daily_limit });
      } catch (error) {
        toast.error(campaignErrorText(error));
      } finally {
        setCounting(null);
      }
    }
  };

  const confirmSend = async () => {
    if (!sending) return;
    try {
      const result = await send.mutateAsync(sending.campaign.id);
      toast.success(
        result.waiting_for_daily_limit > 0
          ? t('sentWaiting', { count: result.queued, waiting: result.waiting_for_daily_limit })
          : t('sentDone', { count: result.queued }),
      );
    } catch (error) {
      toast.error(campaignErrorText(error));
    } finally {
      setSending(null);
    }
  };

  const list = campaigns.data?.data ?? [];
  return (
    <Card className="p-0" aria-busy={counting !== null || undefined}>
      <section aria-labelledby="campaigns-title">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
          <h2 id="campaigns-title" className="text-lg font-semibold text-slate-900 dark:text-slate-100">
            {t('title')}
          </h2>
          <Button size="sm" onClick={() => setEditing({ campaign: null, thenSchedule: false })}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            {t('new')}
          </Button>
        </div>
        <div className="p-4">
          {campaigns.isPending ? (
            <ul aria-label={t('loading')} className="space-y-3">
              {Array.from({ length: CAMPAIGNS_LIMIT }, (_, index) => (
                <li key={index}>
                  <Skeleton className="h-24 w-full" />
                </li>
              ))}
            </ul>
          ) : campaigns.isError ? (
            <LoadFailed
              message={t('loadFailed', { message: campaignErrorText(campaigns.error) })}
              onRetry={() => void campaigns.refetch()}
            />
          ) : list.length === 0 ? (
            <EmptyState icon={Megaphone} title={t('empty')} description={t('emptyHint')} />
          ) : (
            <ul className="space-y-3" aria-label={t('title')}>
              {list.map((campaign) => (
                <CampaignCard
                  key={campaign.id}
                  campaign={campaign}
                  onAction={(action, item) => void act(action, item)}
                />
              ))}
            </ul>
          )}
        </div>
      </section>

      {shownEditing && (
        <CampaignDialog
          campaign={shownEditing.campaign}
          onClose={closeEditing}
          onSaved={(saved) => {
            closeEditing();
            if (shownEditing.thenSchedule) setScheduling(saved);
          }}
        />
      )}
      {scheduling && <ScheduleDialog campaign={scheduling} onClose={() => setScheduling(null)} />}
      <ConfirmDialog
        open={sending !== null}
        tone="primary"
        title={t('sendTitle')}
        message={
          sending
            ? [
                t('sendQuestion', { count: sending.count }),
                sending.waiting > 0 ? t('sendWaitingNote', { count: sending.waiting }) : '',
              ]
                .filter(Boolean)
                .join(' ')
            : ''
        }
        confirmLabel={t('send')}
        busyLabel={t('sending')}
        busy={send.isPending}
        onConfirm={() => void confirmSend()}
        onCancel={() => setSending(null)}
      />
    </Card>
  );
}
