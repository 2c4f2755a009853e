import { useEffect, useId, useImperativeHandle, useRef, useState, type ReactNode, type Ref } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { cx } from './class-names';
import { IconButton } from './icon-button';
import { useDialogFocus } from './use-dialog-focus';

/** The panel's slide-out before it unmounts (document 2, section 9). */
export const SLIDE_OVER_CLOSE_MS = 300;


/** Lets the content close the panel with its slide-out (Cancel, or after a successful save). */
export interface SlideOverHandle {
  /** `force` closes even while busy (the save that set it has just finished). */
  close: (force?: boolean) => void;
}

export interface SlideOverProps {
  ref?: Ref<SlideOverHandle>;
  open: boolean;
  /** Called once the slide-out has finished. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  footer?: ReactNode;
  /** While true (a save in flight), Escape and the backdrop do not close it. */
  busy?: boolean;
  children?: ReactNode;
}

/**
 * A panel from the right edge: half the screen on desktop, the full width on phones. Focus moves in
 * and stays, Escape and the backdrop close it (after a 300 ms slide-out), and focus returns to the
 * opener.
 */
export function SlideOver({ ref, open, onClose, title, description, footer, busy = false, children }: SlideOverProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);
  const [closing, setClosing] = useState(false);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const busyRef = useRef(busy);
  busyRef.current = busy;
  const closingRef = useRef(false);

  const requestClose = (force = false) => {
    if ((busyRef.current && !force) || closingRef.current) return;
    closingRef.current = true;
    setClosing(true);
    setShown(false);
    setTimeout(() => closeRef.current(), SLIDE_OVER_CLOSE_MS);
  };
  const requestCloseRef = useRef(requestClose);
  requestCloseRef.current = requestClose;
  useImperativeHandle(ref, () => ({ close: (force) => requestCloseRef.current(force) }), []);

  useEffect(() => {
    if (!open) return;
    closingRef.current = false;
    setClosing(false);
    const frame = requestAnimationFrame(() => setShown(true));
    return () => cancelAnimationFrame(frame);
  }, [open]);
  useDialogFocus(open, panel, () => requestCloseRef.current());

  if (!open) return null;

  return createPortal(
    <div className="fixed inset-0 z-50 overflow-hidden">
      <div
        aria-hidden="true"
        className={cx('fixed inset-0 bg-slate-950/50 transition-opacity duration-300', shown ? 'opacity-100' : 'opacity-0')}
        onClick={() => requestClose()}
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={cx(
          'fixed inset-y-0 right-0 flex w-full flex-col border-l border-slate-200 bg-white shadow-2xl outline-none transition-transform duration-300 ease-out md:w-1/2 dark:border-slate-700 dark:bg-slate-900',
          shown && !closing ? 'translate-x-0' : 'translate-x-full',
        )}
      >
        <div className="flex items-start justify-between gap-3 border-b border-slate-200 px-5 py-4 dark:border-slate-700">
          <div className="min-w-0">
            <h2 id={titleId} className="text-lg font-semibold text-slate-900 dark:text-white">
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                {description}
              </p>
            )}
          </div>
          <IconButton label={t('close')} onClick={() => requestClose()} disabled={busy} className="-mr-2 -mt-1">
            <X aria-hidden="true" className="h-5 w-5" />
          </IconButton>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
        {footer && <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3 dark:border-slate-700">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
