import { useTranslation } from 'react-i18next';
import { Info } from 'lucide-react';

/**
 * Above an edit form: while the detail's abilities load nothing can be changed; if they cannot be
 * loaded, say so; once the details are locked for this person, say what is still open.
 */
export function FormNotice({ waiting, failed, locked }: { waiting: boolean; failed: boolean; locked: boolean }) {
  const { t } = useTranslation('appointments');
  if (waiting && failed) {
    return (
      <p
        role="alert"
        className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-200"
      >
        {t('form.abilitiesFailed')}
      </p>
    );
  }
  if (waiting) {
    return (
      <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
        {t('form.abilitiesLoading')}
      </p>
    );
  }
  if (!locked) return null;
  return (
    <p className="flex items-start gap-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700 dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-300">
      <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      {t('form.detailsLocked')}
    </p>
  );
}
