import { lazy, Suspense, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../components/ui/skeleton';
import { plainTextLength } from '../lib/remarks';

// Quill and its styles load with the first leave form, never with the list or the login page.
const RichTextEditor = lazy(() => import('./rich-text-editor'));

/** One remark of the leave form: the editor when it is the person's own, otherwise read only. */
export function RemarkField({
  label,
  value,
  onChange,
  editable,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  editable: boolean;
}) {
  const { t } = useTranslation('appointments');
  const labelId = useId();
  const hintId = useId();
  const count = plainTextLength(value);
  const toolbarLabels = useMemo(
    () => ({
      header: t('editor.header'),
      bold: t('editor.bold'),
      italic: t('editor.italic'),
      underline: t('editor.underline'),
      strike: t('editor.strike'),
      ordered: t('editor.ordered'),
      bullet: t('editor.bullet'),
      align: t('editor.align'),
      link: t('editor.link'),
      clean: t('editor.clean'),
    }),
    [t],
  );
  return (
    <div>
      <p id={labelId} className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </p>
      <Suspense fallback={<Skeleton className="h-40 w-full" />}>
        <RichTextEditor
          toolbarLabels={toolbarLabels}
          value={value}
          onChange={editable ? onChange : undefined}
          readOnly={!editable}
          labelledBy={labelId}
          describedBy={hintId}
        />
      </Suspense>
      <p
        id={hintId}
        aria-live={editable ? 'polite' : undefined}
        className="mt-1 text-xs text-slate-500 dark:text-slate-400"
      >
        {editable ? t('form.characters', { count }) : t('form.readOnlyRemark')}
      </p>
    </div>
  );
}
