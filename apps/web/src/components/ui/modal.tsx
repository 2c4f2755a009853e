import { useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cx } from './class-names';
import { DialogPanel } from './dialog-panel';
import { useDialogFocus } from './use-dialog-focus';

export type ModalSize = 'sm' | 'md' | 'lg' | 'xl';

const SIZES: Record<ModalSize, string> = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-5xl' };

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  size?: ModalSize;
  /** Buttons along the bottom edge. */
  footer?: ReactNode;
  /** While true (a save in flight), Escape and the backdrop do not close it. */
  busy?: boolean;
  children?: ReactNode;
}

/**
 * A dialog over the page: focus moves into it and stays there, Escape and the backdrop close it, and
 * focus returns to what opened it. Not the native <dialog>: its top layer would hide the toasts that
 * report a save's outcome behind the backdrop.
 */
export function Modal({ open, onClose, title, description, size = 'md', footer, busy = false, children }: ModalProps) {
  const panel = useRef<HTMLDivElement>(null);
  useDialogFocus(open, panel, () => {
    if (!busy) onClose();
  });

  if (!open) return null;

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto p-4 sm:items-center">
      <div
        aria-hidden="true"
        className="fixed inset-0 bg-slate-950/50 backdrop-blur-[1px]"
        onClick={() => {
          if (!busy) onClose();
        }}
      />
      <DialogPanel
        ref={panel}
        className={cx(
          'relative flex max-h-[calc(100dvh-2rem)] w-full flex-col rounded-xl border border-slate-200 bg-white shadow-xl outline-none dark:border-slate-700 dark:bg-slate-900',
          SIZES[size],
        )}
        title={title}
        description={description}
        onClose={onClose}
        busy={busy}
        footer={footer}
      >
        {children !== undefined && <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>}
      </DialogPanel>
    </div>,
    document.body,
  );
}
