import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown, Plus } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** New Appointment: a menu button offering Leave Related or Orderly Room (document 2, section 2.2). */
export function NewAppointmentMenu({ onChoose }: { onChoose: (kind: 'leave' | 'orderly') => void }) {
  const { t } = useTranslation('appointments');
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (!open) return;
    items.current[0]?.focus();
    const onPointer = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [open]);

  const choose = (kind: 'leave' | 'orderly') => {
    setOpen(false);
    onChoose(kind);
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    const index = items.current.findIndex((item) => item === document.activeElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      root.current?.querySelector<HTMLButtonElement>('[aria-haspopup]')?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = (index + (event.key === 'ArrowDown' ? 1 : -1) + 2) % 2;
      items.current[next]?.focus();
    }
  };

  return (
    <div
      ref={root}
      className="relative"
      onKeyDown={open ? onKeyDown : undefined}
      onBlur={(event) => {
        // Tabbing out of the menu closes it (a click outside is handled by the mousedown listener).
        const next = event.relatedTarget as Node | null;
        if (open && next && !root.current?.contains(next)) setOpen(false);
      }}
    >
      <Button
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <Plus aria-hidden="true" className="h-4 w-4" />
        {t('page.newAppointment')}
        <ChevronDown aria-hidden="true" className="h-4 w-4" />
      </Button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={t('page.newAppointment')}
          className="absolute right-0 z-20 mt-1 w-48 rounded-md border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {(['leave', 'orderly'] as const).map((kind, index) => (
            <button
              key={kind}
              ref={(element) => {
                items.current[index] = element;
              }}
              type="button"
              role="menuitem"
              onClick={() => choose(kind)}
              className="block w-full px-3 py-2 text-left text-sm text-slate-800 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none dark:text-slate-200 dark:hover:bg-slate-800 dark:focus:bg-slate-800"
            >
              {kind === 'leave' ? t('page.newLeave') : t('page.newOrderly')}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
