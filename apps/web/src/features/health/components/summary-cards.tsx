import { Activity, CircleAlert, CircleCheck, TriangleAlert, type LucideIcon } from 'lucide-react';
import type { TSystemHealth } from '@srpf/shared/health/system-health.schemas';
import { cx } from '../../../components/ui/class-names';
import { formatCount, formatPercent } from '../lib/health-format';
import { useHealthWords } from './use-health-words';

function SummaryCard({
  label,
  value,
  icon: Icon,
  tint,
}: {
  label: string;
  value: string;
  icon: LucideIcon;
  tint: string;
}) {
  return (
    <div className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <span className={cx('flex size-11 shrink-0 items-center justify-center rounded-lg', tint)}>
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0">
        <p className="text-sm break-words text-slate-600 dark:text-slate-400">{label}</p>
        <p className="text-2xl font-semibold text-slate-900 tabular-nums dark:text-slate-100">{value}</p>
      </div>
    </div>
  );
}

/** The summary: how many services and instances are healthy, warning and critical, and the 24 h uptime. */
export function SummaryCards({ summary }: { summary: TSystemHealth['summary'] }) {
  const { t, locale } = useHealthWords();
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="health-summary">
      <SummaryCard
        label={t('summary.healthy')}
        value={formatCount(summary.healthy, locale)}
        icon={CircleCheck}
        tint="bg-emerald-50 text-emerald-700 dark:bg-emerald-900/40 dark:text-emerald-200"
      />
      <SummaryCard
        label={t('summary.warning')}
        value={formatCount(summary.warning, locale)}
        icon={TriangleAlert}
        tint="bg-amber-50 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200"
      />
      <SummaryCard
        label={t('summary.critical')}
        value={formatCount(summary.critical, locale)}
        icon={CircleAlert}
        tint="bg-red-50 text-red-700 dark:bg-red-900/40 dark:text-red-200"
      />
      <SummaryCard
        label={t('summary.uptime')}
        value={summary.uptime === null ? t('values.noData') : formatPercent(summary.uptime, locale)}
        icon={Activity}
        tint="bg-brand-50 text-brand-700 dark:bg-brand-900/40 dark:text-brand-100"
      />
    </div>
  );
}
