import { Gauge } from 'lucide-react';
import { RESOURCE_KINDS, type THealthHost } from '@srpf/shared/health/system-health.schemas';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { MomentText } from './moment-text';
import { ResourceMeter } from './resource-meter';
import { useHealthWords } from './use-health-words';

/** Resource Usage: per host, bars for CPU, memory, disk and network against the spec's thresholds. */
export function ResourceUsage({ hosts }: { hosts: THealthHost[] }) {
  const { t, locale } = useHealthWords();
  return (
    <section aria-labelledby="health-resources" className="space-y-3">
      <h2 id="health-resources" className="text-lg font-semibold text-slate-900 dark:text-slate-50">
        {t('resources.title')}
      </h2>
      {hosts.length === 0 ? (
        <Card>
          <EmptyState icon={Gauge} title={t('resources.empty')} description={t('resources.emptyBody')} />
        </Card>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {hosts.map((host) => (
            <li key={host.host}>
              <Card className="h-full p-4" data-testid="host-card">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <h3 className="font-semibold break-all text-slate-900 dark:text-slate-50">{host.host}</h3>
                  <p className="text-xs text-slate-600 dark:text-slate-400">
                    {t('card.lastCheck')}: <MomentText iso={host.lastCheck} locale={locale} />
                  </p>
                </div>
                <div className="mt-3 space-y-3">
                  {RESOURCE_KINDS.map((kind) => {
                    const resource = host.resources.find((measured) => measured.kind === kind);
                    // CPU and network are rates: a process's first sample has none yet.
                    return resource ? (
                      <ResourceMeter key={kind} resource={resource} host={host.host} />
                    ) : (
                      <p
                        key={kind}
                        className="flex flex-wrap justify-between gap-x-3 text-sm"
                        data-testid="resource-missing"
                      >
                        <span className="font-medium text-slate-900 dark:text-slate-100">{t(`resources.${kind}`)}</span>
                        <span className="text-slate-600 dark:text-slate-400">{t('resources.notMeasured')}</span>
                      </p>
                    );
                  })}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
