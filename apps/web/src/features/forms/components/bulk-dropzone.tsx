import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FileUp } from 'lucide-react';
import { cx } from '../../../components/ui/class-names';
import { useFileDrop } from './use-file-drop';

/** Where PDFs are dropped, or chosen with Browse (section 2.11). */
export function BulkDropzone({ onFiles, disabled }: { onFiles: (files: File[]) => void; disabled: boolean }) {
  const { t } = useTranslation('forms');
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { over, dropHandlers } = useFileDrop(disabled ? undefined : onFiles);

  return (
    <div
      data-testid="bulk-dropzone"
      data-drag-over={over || undefined}
      {...dropHandlers}
      className={cx(
        'flex flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center transition',
        over ? 'border-brand-500 bg-brand-50 dark:bg-slate-800' : 'border-slate-300 dark:border-slate-700',
        disabled && 'opacity-60',
      )}
    >
      <FileUp aria-hidden="true" className="h-8 w-8 text-slate-500 dark:text-slate-400" />
      <p id={hintId} className="text-sm text-slate-700 dark:text-slate-300">
        {t('bulk.dropHint')}
      </p>
      <label
        htmlFor={inputId}
        className={cx(
          'inline-flex h-9 cursor-pointer items-center rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
          'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500',
          disabled && 'cursor-not-allowed',
        )}
      >
        {t('bulk.browse')}
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          accept=".pdf,application/pdf"
          aria-describedby={hintId}
          disabled={disabled}
          className="sr-only"
          onChange={(event) => {
            onFiles(Array.from(event.target.files ?? []));
            // The same files can be chosen again after being removed.
            if (input.current) input.current.value = '';
          }}
        />
      </label>
    </div>
  );
}
