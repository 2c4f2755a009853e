import type { ComponentProps } from 'react';
import { cx } from './class-names';

/** A bordered white (dark: slate) surface. */
export function Card({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cx(
        'rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900',
        className,
      )}
      {...props}
    />
  );
}
