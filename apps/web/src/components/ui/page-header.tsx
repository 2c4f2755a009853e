import type { ReactNode } from 'react';

/**
 * A page's name (small, above), its heading and its main actions. Embedded in another page (Settings
 * tabs) the heading drops a level.
 */
export function PageHeader({
  eyebrow,
  title,
  description,
  actions,
  level = 1,
}: {
  eyebrow?: string;
  title: string;
  description?: string;
  actions?: ReactNode;
  level?: 1 | 2;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        {eyebrow && (
          <p className="text-xs font-semibold tracking-wider text-brand-700 uppercase dark:text-brand-100">{eyebrow}</p>
        )}
        <Heading
          className={
            level === 1
              ? 'text-2xl font-bold text-slate-900 dark:text-slate-50'
              : 'text-xl font-semibold text-slate-900 dark:text-slate-50'
          }
        >
          {title}
        </Heading>
        {description && <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
