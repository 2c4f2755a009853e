import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bell, BellOff } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state';
import { IconButton } from '../../components/ui/icon-button';
import { useDismiss } from './use-dismiss';

/**
 * The bell and its panel. The spec gives notifications no source yet (title, message, priority,
 * isRead, dueDate, createdAt), so the panel always says there are none.
 */
export function NotificationsMenu() {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const [refs] = useState(() => [button, panel] as const);
  const panelId = useId();
  const titleId = useId();

  const dismiss = useCallback((reason: 'escape' | 'outside') => {
    setOpen(false);
    if (reason === 'escape') button.current?.focus();
  }, []);
  useDismiss(open, refs, dismiss);

  useEffect(() => {
    if (open) panel.current?.focus();
  }, [open]);

  return (
    <div className="relative">
      <IconButton
        ref={button}
        label={t('notifications.title')}
        aria-expanded={open}
        aria-haspopup="dialog"
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((current) => !current)}
      >
        <Bell aria-hidden="true" className="h-5 w-5" />
      </IconButton>

      {open && (
        <div
          ref={panel}
          id={panelId}
          role="dialog"
          aria-labelledby={titleId}
          tabIndex={-1}
          className="absolute right-0 z-40 mt-2 w-80 max-w-[calc(100vw-2rem)] overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg outline-none dark:border-slate-700 dark:bg-slate-900"
        >
          <h2 id={titleId} className="border-b border-slate-200 px-4 py-3 text-sm font-semibold dark:border-slate-700">
            {t('notifications.title')}
          </h2>
          <EmptyState icon={BellOff} title={t('notifications.empty')} description={t('notifications.caughtUp')} />
        </div>
      )}
    </div>
  );
}
