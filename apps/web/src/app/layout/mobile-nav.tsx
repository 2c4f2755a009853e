import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { IconButton } from '../../components/ui/icon-button';
import { SideNav } from './side-nav';

export const MOBILE_NAV_ID = 'mobile-nav';

/** Tailwind's lg breakpoint: from there on the side navigation is always visible. */
const WIDE_SCREEN = '(min-width: 64rem)';

/**
 * The side navigation as a slide-over below the lg breakpoint. A modal <dialog> keeps focus inside
 * and makes the page behind it inert; it closes on Escape, on the backdrop and on navigation.
 */
export function MobileNav({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  // A modal left open while the window widens would keep the visible page inert.
  useEffect(() => {
    if (!open) return;
    const query = window.matchMedia(WIDE_SCREEN);
    const onChange = () => {
      if (query.matches) onClose();
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [open, onClose]);

  return (
    <dialog
      ref={dialog}
      id={MOBILE_NAV_ID}
      aria-label={t('nav.label')}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // The nav fills the dialog, so a click on the dialog element itself landed on the backdrop.
        if (event.target === event.currentTarget) onClose();
      }}
      className="fixed inset-y-0 left-0 m-0 h-full max-h-full w-72 max-w-[85vw] border-0 border-r border-slate-200 p-0 shadow-xl backdrop:bg-slate-950/50 open:flex open:flex-col dark:border-slate-800 dark:bg-slate-900 lg:hidden"
    >
      {open && (
        <SideNav
          collapsed={false}
          onNavigate={onClose}
          control={
            <IconButton label={t('nav.closeMenu')} onClick={onClose} autoFocus>
              <X aria-hidden="true" className="h-5 w-5" />
            </IconButton>
          }
        />
      )}
    </dialog>
  );
}
