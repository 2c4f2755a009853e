import type { THealthUptime } from '@srpf/shared/health/system-health.schemas';
import { formatPercent } from '../lib/health-format';
import { useHealthWords } from './use-health-words';

const WINDOWS = ['day', 'week', 'month'] as const;

/** Uptime over 24 h, 7 days and 30 days; 'no data' for a window nothing was kept in yet. */
export function UptimeRow({ uptime }: { uptime: THealthUptime }) {
  const { t, locale } = useHealthWords();
  return (
    <div className="mt-3 border-t border-slate-200 pt-3 dark:border-slate-800">
      <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
        {t('uptime.title')}
      </p>
      <dl className="mt-1 grid grid-cols-3 gap-2 text-sm">
        {WINDOWS.map((window) => {
          const value = uptime[window];
          return (
            <div key={window} className="min-w-0">
              <dt className="text-slate-500 dark:text-slate-400">{t(`uptime.${window}`)}</dt>
              <dd className="font-medium text-slate-900 tabular-nums dark:text-slate-100">
                {value === null ? t('values.noData') : formatPercent(value, locale)}
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}
