import type { ReactNode } from 'react';
import { cx } from './class-names';
import { Skeleton } from './skeleton';

/**
 * A table's rows as cards, for screens narrower than 768 px (`useWideScreen`), where the table is
 * not rendered: every field stays readable and every action stays in reach without panning sideways.
 */
export function RecordCards({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className="divide-y divide-slate-100 dark:divide-slate-800">
      {children}
    </ul>
  );
}

/** One record: its name, badges beside it, its fields as label and value, and its actions below. */
export function RecordCard({
  title,
  subtitle,
  badges,
  fields,
  actions,
  className,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  badges?: ReactNode;
  fields?: readonly (readonly [label: string, value: ReactNode])[];
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <li className={cx('space-y-2 px-4 py-3', className)}>
      <div className="min-w-0">
        <p className="font-medium break-words text-slate-900 dark:text-white">{title}</p>
        {subtitle && <p className="text-sm break-all text-slate-600 dark:text-slate-400">{subtitle}</p>}
      </div>
      {badges && <div className="flex flex-wrap gap-1.5">{badges}</div>}
      {fields && fields.length > 0 && (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          {fields.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
              <dd className="break-words text-slate-800 dark:text-slate-200">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {actions && <div className="flex flex-wrap items-center justify-end gap-1">{actions}</div>}
    </li>
  );
}

/** Placeholder cards while a page of the list loads. */
export function CardSkeletons({ rows }: { rows: number }) {
  return (
    <ul aria-hidden="true" className="divide-y divide-slate-100 dark:divide-slate-800">
      {Array.from({ length: rows }, (_, row) => (
        <li key={row} data-skeleton-row="" className="space-y-2 px-4 py-3">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-3 w-56" />
          <Skeleton className="h-5 w-24" />
        </li>
      ))}
    </ul>
  );
}
