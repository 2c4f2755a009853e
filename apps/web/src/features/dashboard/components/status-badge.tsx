import { statusTone, type StatusTone } from '@srpf/shared/common/status';
import { useDashboardLabels } from '../lib/use-dashboard-labels';

const TONE_CLASSES: Record<StatusTone, string> = {
  warning:
    'bg-amber-100 text-amber-800 ring-amber-600/20 dark:bg-amber-500/15 dark:text-amber-300 dark:ring-amber-400/30',
  success:
    'bg-emerald-100 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-500/15 dark:text-emerald-300 dark:ring-emerald-400/30',
  danger: 'bg-red-100 text-red-800 ring-red-600/20 dark:bg-red-500/15 dark:text-red-300 dark:ring-red-400/30',
  neutral:
    'bg-slate-100 text-slate-700 ring-slate-500/20 dark:bg-slate-700/40 dark:text-slate-300 dark:ring-slate-400/30',
};

/** The status in the spec's tones (document 1, section 4). */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  const labels = useDashboardLabels();
  return (
    <span
      data-tone={statusTone(status)}
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONE_CLASSES[statusTone(status)]}`}
    >
      {labels.status(status)}
    </span>
  );
}
