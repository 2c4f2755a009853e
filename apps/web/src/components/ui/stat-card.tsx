import type { LucideIcon } from 'lucide-react';
import { cx } from './class-names';
import { Skeleton } from './skeleton';

/** A labelled count; a skeleton until the count arrives, a dash when it could not be read. */
export function StatCard({
  label,
  value,
  icon: Icon,
  tint,
  failed = false,
}: {
  label: string;
  value: number | undefined;
  icon: LucideIcon;
  tint: string;
  failed?: boolean;
}) {
  return (
    <div className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <span className={cx('flex size-11 shrink-0 items-center justify-center rounded-lg', tint)}>
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0">
        <p className="truncate text-sm text-slate-500 dark:text-slate-400">{label}</p>
        {value === undefined && !failed ? (
          <Skeleton className="mt-1 h-7 w-12" />
        ) : (
          <p className="text-2xl font-semibold tabular-nums text-slate-900 dark:text-slate-100">
            {value === undefined ? '–' : value.toLocaleString('en-IN')}
          </p>
        )}
      </div>
    </div>
  );
}
