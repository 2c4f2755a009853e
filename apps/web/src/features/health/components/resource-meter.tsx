import type { THealthResource } from '@srpf/shared/health/system-health.schemas';
import { cx } from '../../../components/ui/class-names';
import { formatBytesPerSecond, formatPercent } from '../lib/health-format';
import { resourceBar, type ResourceLevel } from '../lib/resource-bar';
import { useHealthWords } from './use-health-words';

const FILLS: Record<ResourceLevel, string> = {
  green: 'bg-emerald-600 dark:bg-emerald-500',
  yellow: 'bg-amber-400 dark:bg-amber-300',
  red: 'bg-red-600 dark:bg-red-500',
};
const WORD_TONES: Record<ResourceLevel, string> = {
  green: 'text-emerald-800 dark:text-emerald-300',
  yellow: 'text-amber-900 dark:text-amber-200',
  red: 'text-red-700 dark:text-red-300',
};

/**
 * One resource bar: the usage against its threshold, coloured by the spec's rule (red from 90 % of
 * the threshold, yellow from 75 %), with the level in words and a mark where the threshold sits.
 */
export function ResourceMeter({ resource, host }: { resource: THealthResource; host: string }) {
  const { t, locale } = useHealthWords();
  const bar = resourceBar(resource);
  const name = t(`resources.${resource.kind}`);
  const usage = t('resources.usage', {
    current: formatPercent(resource.current, locale),
    threshold: formatPercent(resource.threshold, locale),
  });
  const level = t(`levels.${bar.level}`);
  const rate =
    resource.kind === 'network' && resource.bytesPerSecond !== undefined
      ? formatBytesPerSecond(resource.bytesPerSecond, locale)
      : undefined;
  return (
    <div data-testid="resource-bar" data-level={bar.level}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-medium text-slate-900 dark:text-slate-100">{name}</span>
        <span className="text-slate-600 tabular-nums dark:text-slate-400">
          {usage} · <span className={cx('font-semibold', WORD_TONES[bar.level])}>{level}</span>
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={t('resources.barLabel', { resource: name, host })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={bar.fill}
        aria-valuetext={`${usage}, ${level}`}
        className="relative mt-1 h-2.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div className={cx('h-full rounded-full', FILLS[bar.level])} style={{ width: `${bar.fill}%` }} />
        <div
          aria-hidden="true"
          className="absolute inset-y-0 w-0.5 bg-slate-700 dark:bg-slate-200"
          style={{ left: `${bar.threshold}%` }}
        />
      </div>
      {rate && <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{t('resources.rate', { rate })}</p>}
    </div>
  );
}
