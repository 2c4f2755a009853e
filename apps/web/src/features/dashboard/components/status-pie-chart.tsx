import { useTranslation } from 'react-i18next';
import { Pie, PieChart, Tooltip } from 'recharts';
import type { StatusSlice } from '../lib/dashboard-data';
import { useDashboardLabels } from '../lib/use-dashboard-labels';
import { useIsDark } from '../lib/use-is-dark';

/** Appointments of the period by status in the spec's colours, with a legend that also reads as a list. */
export function StatusPieChart({ slices }: { slices: StatusSlice[] }) {
  const { t } = useTranslation('dashboard');
  const labels = useDashboardLabels();
  const dark = useIsDark();
  const total = slices.reduce((sum, slice) => sum + slice.count, 0);
  const data = slices.map((slice) => ({ ...slice, name: labels.statusOfKey(slice.key) }));

  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row lg:flex-col">
      <div className="relative h-48 w-48 shrink-0">
        <PieChart responsive style={{ width: '100%', height: '100%' }} title={t('statusChart.title')}>
          <Pie
            data={data}
            dataKey="count"
            nameKey="name"
            innerRadius="58%"
            outerRadius="95%"
            paddingAngle={data.length > 1 ? 2 : 0}
            stroke={dark ? '#0f172a' : '#ffffff'}
            isAnimationActive={false}
          />
          <Tooltip
            formatter={(value) => (typeof value === 'number' ? value.toLocaleString('en-IN') : value)}
            contentStyle={{
              background: dark ? '#0f172a' : '#ffffff',
              borderColor: dark ? '#334155' : '#e2e8f0',
              borderRadius: 8,
            }}
            itemStyle={{ color: dark ? '#e2e8f0' : '#0f172a' }}
          />
        </PieChart>
        <div className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center">
          <span className="text-2xl font-semibold tabular-nums text-slate-900 dark:text-slate-100">
            {total.toLocaleString('en-IN')}
          </span>
          <span className="text-xs text-slate-500 dark:text-slate-400">{t('statusChart.total')}</span>
        </div>
      </div>
      <ul className="w-full min-w-0 space-y-1.5 text-sm">
        {data.map((slice) => (
          <li key={slice.key} className="flex items-center gap-2">
            <span aria-hidden="true" className="size-3 shrink-0 rounded-sm" style={{ backgroundColor: slice.fill }} />
            <span className="min-w-0 flex-1 break-words text-slate-700 dark:text-slate-300">{slice.name}</span>
            <span className="tabular-nums text-slate-900 dark:text-slate-100">
              {slice.count.toLocaleString('en-IN')}
            </span>
            <span className="w-12 text-right tabular-nums text-xs text-slate-500 dark:text-slate-400">
              {Math.round((slice.count / total) * 100)}%
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
