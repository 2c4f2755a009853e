import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Send, X } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/**
 * The selection bar (section 2.14): how many slips are chosen, 'Send via WhatsApp' and Clear. Sending
 * belongs to the messaging issue, so the button is shown disabled with a note saying so until then.
 */
export function SelectionBar({ count, onClear }: { count: number; onClear: () => void }) {
  const { t } = useTranslation('payslips');
  const noteId = useId();
  return (
    <div
      role="region"
      aria-label={t('selection.label')}
      className="flex flex-col gap-3 border-b border-brand-100 bg-brand-50 px-4 py-3 sm:flex-row sm:items-center dark:border-slate-700 dark:bg-slate-800"
    >
      <p aria-live="polite" className="text-sm font-medium text-slate-900 dark:text-white">
        {t('selection.count', { count })}
      </p>
      <p id={noteId} className="text-xs text-slate-700 sm:flex-1 dark:text-slate-300">
        {t('selection.sendLater')}
      </p>
      <div className="flex gap-2">
        <Button size="sm" disabled aria-describedby={noteId}>
          <Send aria-hidden="true" className="h-4 w-4" />
          {t('selection.send')}
        </Button>
        <Button size="sm" variant="secondary" onClick={onClear}>
          <X aria-hidden="true" className="h-4 w-4" />
          {t('selection.clear')}
        </Button>
      </div>
    </div>
  );
}
