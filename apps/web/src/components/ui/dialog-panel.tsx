import { useId, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { IconButton } from './icon-button';

export interface DialogPanelProps {
  ref: Ref<HTMLDivElement>;
  /** Where the panel sits and how it looks (a centred box, a side panel). */
  className: string;
  title: ReactNode;
  description?: ReactNode;
  /** The close button's action. */
  onClose: () => void;
  /** While true, the close button is disabled. */
  busy: boolean;
  /** Buttons along the bottom edge. */
  footer?: ReactNode;
  children?: ReactNode;
}

/** The box of a modal or a slide-over: labelled by its title and description, a close button, the content, the footer. */
export function DialogPanel({ ref, className, title, description, onClose, busy, footer, children }: DialogPanelProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const descriptionId = useId();
  return (
    <div
      ref={ref}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      tabIndex={-1}
      className={className}
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
        <IconButton label={t('close')} onClick={onClose} disabled={busy} className="-mr-2 -mt-1">
          <X aria-hidden="true" className="h-5 w-5" />
        </IconButton>
      </div>
      {children}
      {footer && (
        <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3 dark:border-slate-700">
          {footer}
        </div>
      )}
    </div>
  );
}
