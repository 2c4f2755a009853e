import { LoaderCircle } from 'lucide-react';
import { cx } from './class-names';

/** A spinning indicator; with a label it announces itself, without one it is decoration. */
export function Spinner({ label, className }: { label?: string; className?: string }) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center">
      <LoaderCircle
        aria-hidden="true"
        className={cx('h-5 w-5 animate-spin text-slate-500 dark:text-slate-400', className)}
      />
      {label && <span className="sr-only">{label}</span>}
    </span>
  );
}
