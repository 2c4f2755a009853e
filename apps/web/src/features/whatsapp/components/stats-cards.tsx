import { useTranslation } from 'react-i18next';
import { ArrowDownLeft, ArrowUpRight, CircleAlert, MessageSquare, Reply, Users, type LucideIcon } from 'lucide-react';
import type { TMessagingStats } from '@srpf/shared/whatsapp/messaging.schemas';
import { StatCard } from '../../../components/ui/stat-card';

type StatKey = Exclude<keyof TMessagingStats, 'response_rate' | 'days'>;

/** The four cards of the spec (Total Messages, Received, Sent, Contacts), then failed; each with its label key and tint. */
const COUNT_CARDS: { key: StatKey; label: string; icon: LucideIcon; tint: string }[] = [
  {
    key: 'total_messages',
    label: 'stats.total',
    icon: MessageSquare,
    tint: 'bg-brand-50 text-brand-700 dark:bg-brand-900/40 dark:text-brand-100',
  },
  {
    key: 'received_messages',
    label: 'stats.received',
    icon: ArrowDownLeft,
    tint: 'bg-sky-50 text-sky-700 dark:bg-sky-900/40 dark:text-sky-200',
  },
  {
    key: 'sent_messages',
    label: 'stats.sent',
    icon: ArrowUpRight,
    tint: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-900/40 dark:text-emerald-200',
  },
  {
    key: 'unique_contacts',
    label: 'stats.contacts',
    icon: Users,
    tint: 'bg-violet-50 text-violet-700 dark:bg-violet-900/40 dark:text-violet-200',
  },
  {
    key: 'failed_messages',
    label: 'stats.failed',
    icon: CircleAlert,
    tint: 'bg-red-50 text-red-700 dark:bg-red-900/40 dark:text-red-200',
  },
];

/** The count cards, then the response rate (with its explanation on hover). */
export function StatsCards({ stats, failed }: { stats: TMessagingStats | undefined; failed: boolean }) {
  const { t } = useTranslation('whatsapp');
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-3 xl:grid-cols-6">
      {COUNT_CARDS.map((card) => (
        <StatCard
          key={card.key}
          label={t(card.label)}
          value={stats?.[card.key]}
          icon={card.icon}
          tint={card.tint}
          failed={failed}
        />
      ))}
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
