import { RefreshCw } from 'lucide-react';
import type { TSystemHealth } from '@srpf/shared/health/system-health.schemas';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { MomentText } from './moment-text';
import { StatusBadge } from './status-badge';
import { useHealthWords } from './use-health-words';

/** The title, the overall state and when the probes last ran, and a refresh beside the 30-second one. */
export function HealthHeader({
  health,
  refreshing,
  onRefresh,
}: {
  health: TSystemHealth | undefined;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const { t, locale } = useHealthWords();
  return (
    <div className="space-y-3">
      <PageHeader
        title={t('page.title')}
        description={t('page.description')}
        actions={
          // Never disabled while a read runs (each 30 s): a disabled button would drop the keyboard's focus.
          <Button variant="secondary" onClick={() => !refreshing && onRefresh()} aria-busy={refreshing}>
            <RefreshCw aria-hidden="true" className={refreshing ? 'size-4 animate-spin' : 'size-4'} />
            {t('page.refresh')}
          </Button>
        }
      />
      {health && (
        <p
          className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700 dark:text-slate-300"
          data-testid="health-overall"
        >
          <span className="flex items-center gap-2">
            {t('page.overall')} <StatusBadge status={health.status} />
          </span>
          <span>
            {health.checkedAt ? (
              <>
                {t('page.checked')} <MomentText iso={health.checkedAt} locale={locale} />
              </>
            ) : (
              t('page.notChecked')
            )}
          </span>
        </p>
      )}
    </div>
  );
}
