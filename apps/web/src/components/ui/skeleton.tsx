import { cx } from './class-names';

/** A grey placeholder block that pulses while data loads; hidden from assistive technology. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={cx('animate-pulse rounded-md bg-slate-200 dark:bg-slate-800', className)} />
  );
}
