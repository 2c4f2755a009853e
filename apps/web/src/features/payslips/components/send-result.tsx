import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, Info, X } from 'lucide-react';
import { cx } from '../../../components/ui/class-names';
import { IconButton } from '../../../components/ui/icon-button';
import type { SendSummary } from '../lib/send-result';

/**
 * The notice after a send: how many slips were queued, that nobody receives them while WhatsApp is not
 * connected (the outbox), and the slips not queued grouped by reason (named when few).
 */
export function SendResult({ summary, onDismiss }: { summary: SendSummary; onDismiss: () => void }) {
  const { t } = useTranslation('payslips');
  const titleId = useId();
  const ok = summary.queued > 0;
  const Icon = ok ? CheckCircle2 : Info;
  return (
    <section
      aria-labelledby={titleId}
      data-testid="send-result"
      className={cx(
        'border-b px-4 py-3',
        ok
          ? 'border-emerald-300 bg-emerald-50 dark:border-emerald-800 dark:bg-emerald-950/40'
          : 'border-amber-300 bg-amber-50 dark:border-amber-800 dark:bg-amber-950/40',
      )}
    >
      <div className="flex items-start gap-3">
        <Icon
          aria-hidden="true"
          className={cx(
            'mt-0.5 h-5 w-5 shrink-0',
            ok ? 'text-emerald-700 dark:text-emerald-300' : 'text-amber-700 dark:text-amber-300',
          )}
        />
        <div role="status" className="min-w-0 flex-1 space-y-1 text-sm text-slate-800 dark:text-slate-200">
          <h3 id={titleId} className="font-semibold text-slate-900 dark:text-white">
            {t('sendResult.title')}
          </h3>
          <p>{t('sendResult.queued', { count: summary.queued })}</p>
          {summary.outbox && summary.queued > 0 && <p className="font-medium">{t('sendResult.outbox')}</p>}
          {summary.groups.length > 0 && (
            <>
              <p>{t('sendResult.skipped', { count: summary.skipped })}</p>
              <ul className="list-disc space-y-0.5 pl-5">
                {summary.groups.map((group) => (
                  <li key={group.reason} data-skip-reason={group.reason}>
                    {t('sendResult.group', { reason: t(`skipReasons.${group.reason}`), count: group.count })}
                    {group.names && (
                      <span className="text-slate-700 dark:text-slate-300"> ({group.names.join(', ')})</span>
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
        <IconButton label={t('sendResult.dismiss')} onClick={onDismiss}>
          <X aria-hidden="true" className="h-4 w-4" />
        </IconButton>
      </div>
    </section>
  );
}
