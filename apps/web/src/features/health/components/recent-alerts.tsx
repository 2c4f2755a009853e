import { BellOff } from 'lucide-react';
import type { THealthAlert } from '@srpf/shared/health/system-health.schemas';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { MomentText } from './moment-text';
import { ReasonText } from './reason-text';
import { StatusBadge } from './status-badge';
import { useHealthWords } from './use-health-words';

/** Recent Alerts: each state change of a service, instance or resource, newest first, and when it cleared. */
export function RecentAlerts({ alerts }: { alerts: THealthAlert[] }) {
  const { t, locale, subjectText } = useHealthWords();
  return (
    <section aria-labelledby="health-alerts">
      <Card className="h-full p-4">
        <h2 id="health-alerts" className="text-lg font-semibold text-slate-900 dark:text-slate-50">
          {t('alerts.title')}
        </h2>
        {alerts.length === 0 ? (
          <EmptyState icon={BellOff} title={t('alerts.empty')} description={t('alerts.emptyBody')} />
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800" data-testid="health-alerts">
            {alerts.map((alert) => (
              <li key={alert.id} className="py-3 first:pt-0 last:pb-0">
                <div className="flex flex-wrap items-center gap-2">
                  <StatusBadge status={alert.status} />
                  <span className="min-w-0 font-medium break-words text-slate-900 dark:text-slate-100">
                    {subjectText(alert)}
                  </span>
                  {alert.clearedAt === null && <Badge tone="danger">{t('alerts.ongoing')}</Badge>}
                </div>
                {alert.reason && <ReasonText reason={alert.reason} />}
                <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                  {t('alerts.started')} <MomentText iso={alert.startedAt} locale={locale} />
                  {alert.clearedAt !== null && (
                    <>
                      {' · '}
                      {t('alerts.cleared')} <MomentText iso={alert.clearedAt} locale={locale} />
                    </>
                  )}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}
