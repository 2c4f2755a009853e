import { Cpu, Server } from 'lucide-react';
import type { THealthInstanceCard } from '@srpf/shared/health/system-health.schemas';
import { Card } from '../../../components/ui/card';
import { formatBytes, formatMs, formatPercent } from '../lib/health-format';
import { Fact, Facts } from './facts';
import { MomentText } from './moment-text';
import { ReasonText } from './reason-text';
import { StatusBadge } from './status-badge';
import { UptimeRow } from './uptime-row';
import { useHealthWords } from './use-health-words';

/** One running process: role, host and pid, when it started, its response times, errors, event loop and memory. */
export function InstanceCard({ card }: { card: THealthInstanceCard }) {
  const { t, locale } = useHealthWords();
  const Icon = card.role === 'server' ? Server : Cpu;
  const ms = (value: number | null) => (value === null ? t('values.none') : formatMs(value, locale));
  return (
    <Card className="h-full p-4" data-testid="instance-card">
      <div className="flex items-start justify-between gap-3">
        <h3 className="flex min-w-0 items-center gap-2 font-semibold text-slate-900 dark:text-slate-50">
          <Icon aria-hidden="true" className="size-5 shrink-0 text-brand-600 dark:text-brand-100" />
          <span className="min-w-0 break-words">
            {t('instance.title', { role: t(`roles.${card.role}`), host: card.host })}
          </span>
        </h3>
        <StatusBadge status={card.status} />
      </div>
      {card.reason && <ReasonText reason={card.reason} />}
      <div className="mt-3">
        <Facts>
          <Fact label={t('instance.pid')}>{card.pid}</Fact>
          <Fact label={t('instance.started')}>
            <MomentText iso={card.startedAt} locale={locale} />
          </Fact>
          <Fact label={t('card.lastCheck')}>
            <MomentText iso={card.lastCheck} locale={locale} />
          </Fact>
          <Fact label={t('instance.responseTimes')}>
            {card.responseP50Ms === null && card.responseP99Ms === null
              ? t('values.none')
              : t('instance.percentiles', { p50: ms(card.responseP50Ms), p99: ms(card.responseP99Ms) })}
          </Fact>
          <Fact label={t('instance.errorRate')}>
            {card.errorRatePercent === null ? t('values.notServing') : formatPercent(card.errorRatePercent, locale)}
          </Fact>
          <Fact label={t('instance.eventLoopLag')}>{formatMs(card.eventLoopLagMs, locale)}</Fact>
          <Fact label={t('instance.memory')}>
            {t('instance.memoryValue', {
              rss: formatBytes(card.memoryRssBytes, locale),
              heap: formatBytes(card.heapUsedBytes, locale),
            })}
          </Fact>
        </Facts>
      </div>
      <UptimeRow uptime={card.uptime} />
    </Card>
  );
}
