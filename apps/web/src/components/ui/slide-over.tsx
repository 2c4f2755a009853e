import { useEffect, useEffectEvent, useImperativeHandle, useRef, useState, type ReactNode, type Ref } from 'react';
import { createPortal } from 'react-dom';
import { cx } from './class-names';
import { DialogPanel } from './dialog-panel';
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
  const panel = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);
  // Set by a close request: the panel slides out, then onClose runs (and the panel is ready to open again).
  const [closing, setClosing] = useState(false);

  const requestClose = (force = false) => {
    if ((busy && !force) || closing) return;
    setClosing(true);
    setShown(false);
  };
  // Rebuilt with each render, so a close from the content always sees the current busy state.
  useImperativeHandle(ref, () => ({ close: requestClose }));

  const slidOut = useEffectEvent(() => {
    setClosing(false);
    onClose();
  });
  useEffect(() => {
    if (!closing) return;
    const timer = setTimeout(() => slidOut(), SLIDE_OVER_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [closing]);

  useEffect(() => {
    if (!open) return;
    const frame = requestAnimationFrame(() => setShown(true));
    return () => cancelAnimationFrame(frame);
  }, [open]);
  useDialogFocus(open, panel, () => requestClose());

  if (!open) return null;

  return createPortal(
    <div className="fixed inset-0 z-50 overflow-hidden">
      <div
        aria-hidden="true"
        className={cx(
          'fixed inset-0 bg-slate-950/50 transition-opacity duration-300',
          shown ? 'opacity-100' : 'opacity-0',
        )}
        onClick={() => requestClose()}
      />
      <DialogPanel
        ref={panel}
        className={cx(
          'fixed inset-y-0 right-0 flex w-full flex-col border-l border-slate-200 bg-white shadow-2xl outline-none transition-transform duration-300 ease-out md:w-1/2 dark:border-slate-700 dark:bg-slate-900',
          shown && !closing ? 'translate-x-0' : 'translate-x-full',
        )}
        title={title}
        description={description}
        onClose={() => requestClose()}
        busy={busy}
        footer={footer}
      >
        <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
      </DialogPanel>
    </div>,
    document.body,
  );
}
