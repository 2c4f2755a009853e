import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bot, MessageSquarePlus, Settings, ShieldOff } from 'lucide-react';
import { mayChangeMessagingSettings, mayUseMessaging } from '@srpf/shared/whatsapp/messaging.policy';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { useCurrentUser } from '../../../lib/current-user';
import { CampaignsSection } from '../campaigns/components/campaigns-section';
import { useMessages } from '../api/get-messages';
import { useMessagingStats } from '../api/get-stats';
import { EMPTY_MESSAGE_FILTERS, type MessageFilters } from '../api/query-keys';
import { MessageFiltersBar } from '../components/message-filters';
import { MessagesPanel } from '../components/messages-panel';
import { NewMessageDialog } from '../components/new-message-dialog';
import { QuickActions } from '../components/quick-actions';
import { RecentMessages } from '../components/recent-messages';
import { SettingsDialog } from '../components/settings-dialog';
import { StatsCards } from '../components/stats-cards';
import { useDebounced } from '../lib/use-debounced';

type Dialog = { kind: 'panel' } | { kind: 'new' } | { kind: 'settings'; focusSwitch: boolean };

/**
 * /whatsapp (spec 2.15, issue 31): the title with the total, Settings, Start Bot and New Message,
 * the figures, the search and status filter, Recent Messages with 'View N more messages' (the All
 * Messages panel), Broadcast Campaigns and Quick Actions. send_whatsapp; others see the refusal.
 */
export function Component() {
  const { t } = useTranslation('whatsapp');
  const { actor } = useCurrentUser();
  const allowed = mayUseMessaging(actor);
  const [filters, setFilters] = useState<MessageFilters>(EMPTY_MESSAGE_FILTERS);
  const applied = useDebounced(filters);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const stats = useMessagingStats(allowed);
  const messages = useMessages(applied, 1, allowed);
  const close = () => setDialog(null);

  if (!allowed) {
    return (
      <div className="mx-auto max-w-screen-2xl space-y-6">
        <PageHeader title={t('page.title')} />
        <Card>
          <EmptyState icon={ShieldOff} title={t('page.noPermission')} description={t('page.noPermissionBody')} />
        </Card>
      </div>
    );
  }

  const total = stats.data?.total_messages;
  return (
    <div className="mx-auto max-w-screen-2xl space-y-6">
      <PageHeader
        title={total === undefined ? t('page.title') : t('page.titleCount', { count: total })}
        description={t('page.description')}
        actions={
          <>
            <Button variant="secondary" onClick={() => setDialog({ kind: 'settings', focusSwitch: false })}>
              <Settings aria-hidden="true" className="size-4" />
              {t('actions.settings')}
            </Button>
            <Button variant="secondary" onClick={() => setDialog({ kind: 'settings', focusSwitch: true })}>
              <Bot aria-hidden="true" className="size-4" />
              {t('actions.startBot')}
            </Button>
            <Button onClick={() => setDialog({ kind: 'new' })}>
              <MessageSquarePlus aria-hidden="true" className="size-4" />
              {t('actions.newMessage')}
            </Button>
          </>
        }
      />
      <StatsCards stats={stats.data} failed={stats.isError && stats.data === undefined} />
      <Card className="p-4">
        <MessageFiltersBar value={filters} onChange={setFilters} />
      </Card>
      <RecentMessages messages={messages} onViewMore={() => setDialog({ kind: 'panel' })} />
      <div className="grid gap-6 lg:grid-cols-2">
        <CampaignsSection />
        <QuickActions filters={applied} onBotSettings={() => setDialog({ kind: 'settings', focusSwitch: true })} />
      </div>
      {dialog?.kind === 'panel' && <MessagesPanel open onClose={close} initialFilters={applied} />}
      <NewMessageDialog open={dialog?.kind === 'new'} onClose={close} />
      <SettingsDialog
        open={dialog?.kind === 'settings'}
        onClose={close}
        canChange={mayChangeMessagingSettings(actor)}
        focusSwitch={dialog?.kind === 'settings' && dialog.focusSwitch}
      />
    </div>
  );
}
