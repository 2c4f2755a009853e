import { useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { MoreVertical } from 'lucide-react';
import { cx } from '../../../components/ui/class-names';

/** The items that can take the focus, in order. */
function menuItems(root: HTMLElement | null): HTMLButtonElement[] {
  return [...(root?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not(:disabled)') ?? [])];
}

export interface MenuAction {
  key: string;
  label: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  onSelect: () => void;
  disabled?: boolean;
  /** Delete: shown in red, and last. */
  danger?: boolean;
}

/**
 * The secondary actions of a row or a folder card behind one always-visible button (touch screens
 * have no hover): a menu button (aria-haspopup, aria-expanded) whose items take the arrow keys,
 * Home and End; Escape or Tab closes it, Escape returning the focus to the button.
 */
export function ActionsMenu({
  label,
  actions,
  className,
}: {
  label: string;
  actions: MenuAction[];
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    menuItems(root.current)[0]?.focus();
    const onPointer = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [open]);

  if (actions.length === 0) return null;

  const onKeyDown = (event: React.KeyboardEvent) => {
    const list = menuItems(root.current);
    const index = list.findIndex((item) => item === document.activeElement);
    const focus = (next: number) => list[(next + list.length) % list.length]?.focus();
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      focus(index + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focus(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focus(list.length - 1);
    }
  };

  return (
    <div
      ref={root}
      className={cx('relative', className)}
      onKeyDown={open ? onKeyDown : undefined}
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        if (open && next && !root.current?.contains(next)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        className={cx(
          'inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-600 transition-colors',
          'hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
          open && 'bg-slate-100 dark:bg-slate-800',
        )}
      >
        <MoreVertical aria-hidden="true" className="h-4 w-4" />
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={label}
          className="absolute right-0 z-20 mt-1 w-52 rounded-md border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {actions.map((action) => (
            <button
              key={action.key}
              type="button"
              role="menuitem"
              disabled={action.disabled}
              onClick={() => {
                setOpen(false);
                action.onSelect();
              }}
              className={cx(
                'flex w-full items-center gap-2 px-3 py-2 text-left text-sm focus:outline-none disabled:cursor-not-allowed disabled:opacity-60',
                action.danger
                  ? 'text-red-700 hover:bg-red-50 focus:bg-red-50 dark:text-red-400 dark:hover:bg-red-950 dark:focus:bg-red-950'
                  : 'text-slate-800 hover:bg-slate-100 focus:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 dark:focus:bg-slate-800',
              )}
            >
              <action.icon aria-hidden="true" className="h-4 w-4 shrink-0" />
              {action.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
