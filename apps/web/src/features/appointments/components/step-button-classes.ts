import { cx } from '../../../components/ui/class-names';

/**
 * Reject as an outline button: beside a solid Approve, a second solid button (a red one under it)
 * invites the wrong tap; the outline keeps the two apart.
 */
export function rejectOutlineClasses(size: 'sm' | 'md' = 'md'): string {
  return cx(
    'inline-flex items-center justify-center rounded-md border font-medium transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
    'disabled:cursor-not-allowed disabled:opacity-60',
    'border-red-600 bg-white text-red-700 hover:bg-red-50',
    'dark:border-red-400 dark:bg-transparent dark:text-red-300 dark:hover:bg-red-950/60',
    size === 'sm' ? 'h-8 gap-1.5 px-3 text-sm' : 'h-10 gap-2 px-4 text-sm',
  );
}
