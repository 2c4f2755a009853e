import { useTranslation } from 'react-i18next';
import { ArrowDownLeft, ArrowUpRight, CircleAlert, MessageSquare, Reply, Users } from 'lucide-react';
import type { TMessagingStats } from '@srpf/shared/whatsapp/messaging.schemas';
import { StatCard } from '../../../components/ui/stat-card';

/** The four cards of the spec (Total Messages, Received, Sent, Contacts), then failed and the response rate. */
export function StatsCards({ stats, failed }: { stats: TMessagingStats | undefined; failed: boolean }) {
  const { t } = useTranslation('whatsapp');
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-3 xl:grid-cols-6">
      <StatCard
        label={t('stats.total')}
        value={stats?.total_messages}
        icon={MessageSquare}
        tint="bg-brand-50 text-brand-700 dark:bg-brand-900/40 dark:text-brand-100"
        failed={failed}
      />
      <StatCard
        label={t('stats.received')}
        value={stats?.received_messages}
        icon={ArrowDownLeft}
        tint="bg-sky-50 text-sky-700 dark:bg-sky-900/40 dark:text-sky-200"
        failed={failed}
      />
      <StatCard
        label={t('stats.sent')}
        value={stats?.sent_messages}
        icon={ArrowUpRight}
        tint="bg-emerald-50 text-emerald-700 dark:bg-emerald-900/40 dark:text-emerald-200"
        failed={failed}
      />
      <StatCard
        label={t('stats.contacts')}
        value={stats?.unique_contacts}
        icon={Users}
        tint="bg-violet-50 text-violet-700 dark:bg-violet-900/40 dark:text-violet-200"
        failed={failed}
      />
      <StatCard
        label={t('stats.failed')}
        value={stats?.failed_messages}
        icon={CircleAlert}
        tint="bg-red-50 text-red-700 dark:bg-red-900/40 dark:text-red-200"
        failed={failed}
      />
      <div title={t('stats.responseRateHint')}>
        <StatCard
          label={t('stats.responseRate')}
          value={stats?.response_rate}
          icon={Reply}
          tint="bg-amber-50 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200"
          failed={failed}
        />
      </div>
    </div>
  );
}
