import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CalendarClock, ClipboardList, FileText, Megaphone, ReceiptIndianRupee, type LucideIcon } from 'lucide-react';
import type { TKpiSummary } from '@srpf/shared';
import { SUMMARY_METRICS } from '../lib/dashboard-data';
import { Skeleton } from './panel';

type Metric = (typeof SUMMARY_METRICS)[number];

const CARDS: Record<Metric, { icon: LucideIcon; to: string; tint: string }> = {
  orders: { icon: FileText, to: '/orders', tint: 'bg-blue-100 text-blue-700 dark:bg-blue-500/15 dark:text-blue-300' },
  circulars: {
    icon: Megaphone,
    to: '/circulars',
    tint: 'bg-violet-100 text-violet-700 dark:bg-violet-500/15 dark:text-violet-300',
  },
  appointments: {
    icon: CalendarClock,
    to: '/appointments',
    tint: 'bg-amber-100 text-amber-700 dark:bg-amber-500/15 dark:text-amber-300',
  },
  forms: {
    icon: ClipboardList,
    to: '/forms',
    tint: 'bg-teal-100 text-teal-700 dark:bg-teal-500/15 dark:text-teal-300',
  },
  payslips: {
    icon: ReceiptIndianRupee,
    to: '/salary-finance',
    tint: 'bg-emerald-100 text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300',
  },
};

const cardClass =
  'flex h-full flex-col items-start gap-2 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:flex-row sm:items-center sm:gap-3 sm:p-4 dark:border-slate-800 dark:bg-slate-900';

/** The five counts of the period; each links to its area. Numbers use Indian grouping (1,23,456). */
export function KpiCards({ summary }: { summary: TKpiSummary | undefined }) {
  const { t } = useTranslation('dashboard');
  return (
    <section aria-label={t('kpi.label')}>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {SUMMARY_METRICS.map((metric, index) => {
          const { icon: Icon, to, tint } = CARDS[metric];
          return (
            <li key={metric} className={index === SUMMARY_METRICS.length - 1 ? 'col-span-2 sm:col-span-1' : undefined}>
              {summary ? (
                <Link
                  to={to}
                  data-metric={metric}
                  className={`${cardClass} transition hover:border-brand-500/50 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500`}
                >
                  <span className={`flex size-9 shrink-0 sm:size-11 items-center justify-center rounded-lg ${tint}`}>
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <span className="min-w-0">
                    <span className="block truncate text-sm text-slate-500 dark:text-slate-400">
                      {t(`kpi.${metric}`)}
                    </span>
                    <span className="block text-xl font-semibold tabular-nums sm:text-2xl text-slate-900 dark:text-slate-100">
                      {(summary[metric] ?? 0).toLocaleString('en-IN')}
                    </span>
                  </span>
                </Link>
              ) : (
                <div className={cardClass}>
                  <Skeleton className="size-9 shrink-0 rounded-lg sm:size-11" />
                  <div className="flex-1 space-y-2">
                    <Skeleton className="h-3 w-20" />
                    <Skeleton className="h-6 w-14" />
                  </div>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
