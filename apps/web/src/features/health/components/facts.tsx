import type { ReactNode } from 'react';

/** A card's figures as label and value pairs, in two columns. */
export function Facts({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">{children}</dl>;
}

export function Fact({ label, children, title }: { label: string; children: ReactNode; title?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="font-medium break-words text-slate-900 tabular-nums dark:text-slate-100" title={title}>
        {children}
      </dd>
    </div>
  );
}
