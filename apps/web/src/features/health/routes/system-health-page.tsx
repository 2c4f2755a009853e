import { useState } from 'react';
import { ShieldOff } from 'lucide-react';
import { mayViewSystemHealth } from '@srpf/shared/health/system-health.policy';
import type { TSystemHealth } from '@srpf/shared/health/system-health.schemas';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadFailed } from '../../../components/ui/load-failed';
import { PageHeader } from '../../../components/ui/page-header';
import { useCurrentUser } from '../../../lib/current-user';
import { useSystemHealth } from '../api/get-system-health';
import { HealthCards } from '../components/health-cards';
import { HealthHeader } from '../components/health-header';
import { HealthNowContext } from '../components/health-now';
import { InstanceCard } from '../components/instance-card';
import { RecentAlerts } from '../components/recent-alerts';
import { ResourceUsage } from '../components/resource-usage';
import { ServiceCard } from '../components/service-card';
import { StatusFilterSelect } from '../components/status-filter';
import { SystemLogs } from '../components/system-logs';
import { SummaryCards } from '../components/summary-cards';
import { useHealthWords } from '../components/use-health-words';
import { filterByStatus, type StatusFilter } from '../lib/health-filter';
import { formatMoment } from '../lib/health-format';

/**
 * /health (spec 2.17, issue 32): the product's own state for administrators: the overall state and
 * summary, a card per service and per running instance (with the status filter), Resource Usage per
 * host, Recent Alerts and System Logs; read again every 30 s. Everyone else sees the refusal.
 */
export function Component() {
  const { t, locale } = useHealthWords();
  const { actor } = useCurrentUser();
  const allowed = mayViewSystemHealth(actor);
  const health = useSystemHealth(allowed);

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

  return (
    <HealthNowContext value={health.dataUpdatedAt}>
      <div className="mx-auto max-w-screen-2xl space-y-6">
        <HealthHeader health={health.data} refreshing={health.isFetching} onRefresh={() => void health.refetch()} />
        {health.data && health.isError && (
          // The last read failed: what is shown is older than it looks, and says so.
          <p
            role="alert"
            className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
          >
            {t('page.stale', { time: formatMoment(new Date(health.dataUpdatedAt).toISOString(), locale) })}
          </p>
        )}
        {health.data ? (
          <HealthBody health={health.data} />
        ) : health.isError ? (
          <LoadFailed className="py-8" message={t('page.loadFailed')} onRetry={() => void health.refetch()} />
        ) : (
          <p role="status" className="py-8 text-center text-sm text-slate-500 dark:text-slate-400">
            {t('loading', { ns: 'common' })}
          </p>
        )}
      </div>
    </HealthNowContext>
  );
}

function HealthBody({ health }: { health: TSystemHealth }) {
  const { t } = useHealthWords();
  const [filter, setFilter] = useState<StatusFilter>('all');
  const services = filterByStatus(health.services, filter);
  const instances = filterByStatus(health.instances, filter);
  return (
    <>
      <SummaryCards summary={health.summary} />
      <StatusFilterSelect value={filter} onChange={setFilter} />
      <HealthCards id="health-services" title={t('services.title')} emptyTitle={t('services.empty')}>
        {services.map((card) => (
          <li key={card.service}>
            <ServiceCard card={card} />
          </li>
        ))}
      </HealthCards>
      <HealthCards id="health-instances" title={t('instance.sectionTitle')} emptyTitle={t('instance.empty')}>
        {instances.map((card) => (
          <li key={card.instance}>
            <InstanceCard card={card} />
          </li>
        ))}
      </HealthCards>
      <ResourceUsage hosts={health.hosts} />
      <div className="grid gap-6 xl:grid-cols-2">
        <RecentAlerts alerts={health.alerts} />
        <SystemLogs logs={health.logs} />
      </div>
    </>
  );
}
