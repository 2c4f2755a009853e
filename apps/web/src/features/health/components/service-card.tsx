import { Database, FileText, HardDrive, ListChecks, MessageCircle, Server, type LucideIcon } from 'lucide-react';
import type { THealthServiceCard } from '@srpf/shared/health/system-health.schemas';
import { Card } from '../../../components/ui/card';
import { formatFigure, formatMs } from '../lib/health-format';
import { Fact, Facts } from './facts';
import { useHealthNow } from './health-now';
import { MomentText } from './moment-text';
import { ReasonText } from './reason-text';
import { StatusBadge } from './status-badge';
import { UptimeRow } from './uptime-row';
import { useHealthWords } from './use-health-words';

const ICONS: Record<string, LucideIcon> = {
  database: Database,
  storage: HardDrive,
  queue: ListChecks,
  renderer: FileText,
  whatsapp: MessageCircle,
};

/** One shared service: its state and why, response time, last check, its own figures and uptime. */
export function ServiceCard({ card }: { card: THealthServiceCard }) {
  const { t, locale, serviceName, figureLabel, figureWords } = useHealthWords();
  const Icon = ICONS[card.service] ?? Server;
  const name = serviceName(card.service);
  const now = useHealthNow();
  return (
    <Card className="h-full p-4" data-testid="service-card">
      <div className="flex items-start justify-between gap-3">
        <h3 className="flex min-w-0 items-center gap-2 font-semibold text-slate-900 dark:text-slate-50">
          <Icon aria-hidden="true" className="size-5 shrink-0 text-brand-600 dark:text-brand-100" />
          <span className="truncate">{name}</span>
        </h3>
        <StatusBadge status={card.status} />
      </div>
      {card.reason && <ReasonText reason={card.reason} />}
      <div className="mt-3">
        <Facts>
          <Fact label={t('card.responseTime')}>
            {card.responseTimeMs === null ? t('values.none') : formatMs(card.responseTimeMs, locale)}
          </Fact>
          <Fact label={t('card.lastCheck')}>
            {card.lastCheck ? <MomentText iso={card.lastCheck} locale={locale} /> : t('values.never')}
          </Fact>
          {card.figures.map((figure) => {
            const shown = formatFigure(figure, locale, now, figureWords);
            return (
              <Fact key={figure.key} label={figureLabel(figure.key)} title={shown.title}>
                {shown.text}
              </Fact>
            );
          })}
        </Facts>
      </div>
      <UptimeRow uptime={card.uptime} />
    </Card>
  );
}
