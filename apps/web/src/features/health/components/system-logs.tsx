import { ScrollText } from 'lucide-react';
import type { THealthLogLine } from '@srpf/shared/health/system-health.schemas';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { formatMoment } from '../lib/health-format';
import { useHealthWords } from './use-health-words';

/** System Logs: each instance's recent warnings and errors, as the log wrote them (redacted). */
export function SystemLogs({ logs }: { logs: THealthLogLine[] }) {
  const { t, locale } = useHealthWords();
  return (
    <section aria-labelledby="health-logs">
      <Card className="h-full p-4">
        <h2 id="health-logs" className="text-lg font-semibold text-slate-900 dark:text-slate-50">
          {t('logs.title')}
        </h2>
        {logs.length === 0 ? (
          <EmptyState icon={ScrollText} title={t('logs.empty')} description={t('logs.emptyBody')} />
        ) : (
          // Scrolls within its card, so it takes the focus: a keyboard reader scrolls it too.
          <ol
            tabIndex={0}
            aria-labelledby="health-logs"
            className="mt-3 max-h-96 space-y-2 overflow-y-auto font-mono text-xs"
            data-testid="health-logs"
          >
            {logs.map((line, index) => (
              <li
                key={`${line.instance} ${line.time} ${index}`}
                className="rounded-md bg-slate-50 p-2 dark:bg-slate-800/60"
              >
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-600 dark:text-slate-400">
                  <Badge tone={line.level === 'warn' ? 'warning' : 'danger'}>{t(`logs.levels.${line.level}`)}</Badge>
                  <time dateTime={line.time}>{formatMoment(line.time, locale)}</time>
                  <span className="break-all">{line.instance}</span>
                </div>
                <p className="mt-1 break-words whitespace-pre-wrap text-slate-900 dark:text-slate-100">
                  {line.message}
                </p>
              </li>
            ))}
          </ol>
        )}
      </Card>
    </section>
  );
}
