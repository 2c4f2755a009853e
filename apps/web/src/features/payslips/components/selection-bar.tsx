import { useTranslation } from 'react-i18next';
import { Send, X } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/**
 * The selection bar (section 2.14): how many slips are chosen, 'Send via WhatsApp' (which asks first:
 * the page's confirm) and Clear.
 */
export function SelectionBar({
  count,
  sending,
  onSend,
  onClear,
}: {
  count: number;
  sending: boolean;
  onSend: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('payslips');
  return (
    <div
      role="region"
      aria-label={t('selection.label')}
      className="flex flex-col gap-3 border-b border-brand-100 bg-brand-50 px-4 py-3 sm:flex-row sm:items-center sm:justify-between dark:border-slate-700 dark:bg-slate-800"
    >
      <p aria-live="polite" className="text-sm font-medium text-slate-900 dark:text-white">
        {t('selection.count', { count })}
      </p>
      <div className="flex gap-2">
        <Button size="sm" onClick={onSend} disabled={sending} aria-busy={sending || undefined}>
          <Send aria-hidden="true" className="h-4 w-4" />
          {sending ? t('selection.sending') : t('selection.send')}
        </Button>
        <Button size="sm" variant="secondary" onClick={onClear} disabled={sending}>
          <X aria-hidden="true" className="h-4 w-4" />
          {t('selection.clear')}
        </Button>
      </div>
    </div>
  );
}
