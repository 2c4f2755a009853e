import type { ReactNode } from 'react';
import { Card } from './card';
import { LoadFailed } from './load-failed';
import { Skeleton } from './skeleton';

/** The parts of a record's detail page (the libraries' documents, forms). */

/** A titled card of a detail page; its heading names the region. */
export function DetailSection({
  id,
  title,
  actions,
  children,
}: {
  id: string;
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <section aria-labelledby={id} className="p-5">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 id={id} className="text-lg font-semibold text-slate-900 dark:text-white">
            {title}
          </h2>
          {actions}
        </div>
        {children}
      </section>
    </Card>
  );
}

/** Label–value pairs. */
export function InfoList({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <dl className="divide-y divide-slate-100 dark:divide-slate-800">
      {items.map((item) => (
        <div key={item.label} className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-3 py-2 text-sm">
          <dt className="text-slate-600 dark:text-slate-400">{item.label}</dt>
          <dd className="min-w-0 break-words text-slate-900 dark:text-slate-100">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function DetailFailed({ message, back, onRetry }: { message: string; back: ReactNode; onRetry: () => void }) {
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      {back}
      <Card>
        <LoadFailed message={message} onRetry={onRetry} className="px-6 py-10" />
      </Card>
    </div>
  );
}

export function DetailSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true" className="mx-auto max-w-screen-xl space-y-4">
      <p role="status" className="sr-only">
        {label}
      </p>
      <Skeleton className="h-8 w-40" />
      <Skeleton className="h-9 w-72" />
      <div className="grid gap-4 lg:grid-cols-3">
        <Skeleton className="h-64 lg:col-span-2" />
        <Skeleton className="h-64" />
      </div>
    </div>
  );
}
