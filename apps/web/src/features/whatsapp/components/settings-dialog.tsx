import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Modal } from '../../../components/ui/modal';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorText } from '../../../lib/error-text';
import { useMessagingSettings, useResumeQueue, useSetSelfService } from '../api/settings';
import { formatMoment } from '../lib/format';

/**
 * Settings (and Start Bot, Bot Settings): where messages go, the last webhook, the pause with Resume
 * (administrators), the self-service switch (administrators change it; others read it) and the
 * billable messages of the last three months. `focusSwitch` moves focus to the switch (Start Bot).
 */
export function SettingsDialog({
  open,
  onClose,
  canChange,
  focusSwitch,
}: {
  open: boolean;
  onClose: () => void;
  canChange: boolean;
  focusSwitch: boolean;
}) {
  const { t } = useTranslation('whatsapp');
  const settings = useMessagingSettings(open);
  const setSelfService = useSetSelfService();
  const resume = useResumeQueue();
  const switchRef = useRef<HTMLInputElement>(null);
  const data = settings.data;

  useEffect(() => {
    if (open && focusSwitch && data) switchRef.current?.focus();
  }, [open, focusSwitch, data]);

  const row = (label: string, value: ReactNode) => (
    <div className="grid gap-1 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-700 dark:text-slate-300">{label}</dt>
      <dd className="text-sm text-slate-900 sm:col-span-2 dark:text-slate-100">{value}</dd>
    </div>
  );

  let body;
  if (data === undefined && settings.isError) {
    body = (
      <LoadFailed
        message={t('settings.failed', { message: errorText(settings.error) })}
        onRetry={() => void settings.refetch()}
        className="py-6"
      />
    );
  } else if (data === undefined) {
    body = (
      <div aria-label={t('settings.loading')} aria-busy="true" className="space-y-3">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-5 w-3/4" />
      </div>
    );
  } else {
    // While the change is on its way the switch shows it; a refusal puts it back.
    const selfService = setSelfService.isPending ? setSelfService.variables : data.self_service;
    body = (
      <div className="space-y-6">
        <dl className="space-y-4">
          {row(
            t('settings.provider'),
            data.provider === 'outbox'
              ? t('settings.providerOutbox')
              : t('settings.providerCloud', { id: data.phone_number_id ?? '' }),
          )}
          {row(
            t('settings.lastWebhook'),
            data.last_webhook_at ? formatMoment(data.last_webhook_at) : t('settings.never'),
          )}
          {row(
            t('settings.queue'),
            data.queue.paused ? (
              <div className="space-y-2">
                <p>
                  {t('settings.queuePaused', {
                    since: formatMoment(data.queue.paused_at),
                    reason: data.queue.pause_reason ?? '',
                  })}
                </p>
                {data.queue.pause_code !== null && (
                  <p className="text-slate-600 dark:text-slate-400">
                    {t('settings.queuePausedCode', { code: data.queue.pause_code })}
                  </p>
                )}
                {canChange && (
                  <Button
                    size="sm"
                    disabled={resume.isPending}
                    onClick={() =>
                      resume.mutate(undefined, {
                        onSuccess: () => toast.success(t('settings.resumed')),
                        onError: (error) => toast.error(t('settings.saveFailed', { message: errorText(error) })),
                      })
                    }
                  >
                    {resume.isPending ? t('settings.resuming') : t('settings.resume')}
                  </Button>
                )}
              </div>
            ) : (
              t('settings.queueRunning')
            ),
          )}
          {row(
            t('settings.selfService'),
            <div className="space-y-1">
              <p className="text-slate-600 dark:text-slate-400">{t('settings.selfServiceHint')}</p>
              {canChange ? (
                <label className="inline-flex cursor-pointer items-center gap-2">
                  <input
                    ref={switchRef}
                    type="checkbox"
                    role="switch"
                    checked={selfService}
                    disabled={setSelfService.isPending}
                    aria-checked={selfService}
                    className="h-4 w-4 accent-brand-600"
                    onChange={(event) =>
                      setSelfService.mutate(event.target.checked, {
                        onError: (error) => toast.error(t('settings.saveFailed', { message: errorText(error) })),
                      })
                    }
                  />
                  <span>{t('settings.selfServiceSwitch')}</span>
                  <span className="font-semibold">
                    ({selfService ? t('settings.selfServiceOn') : t('settings.selfServiceOff')})
                  </span>
                </label>
              ) : (
                <p>
                  <span className="font-semibold">
                    {data.self_service ? t('settings.selfServiceOn') : t('settings.selfServiceOff')}
                  </span>{' '}
                  <span className="text-slate-600 dark:text-slate-400">{t('settings.adminOnly')}</span>
                </p>
              )}
            </div>,
          )}
        </dl>
        <section>
          <h3 className="mb-2 text-sm font-semibold text-slate-900 dark:text-slate-100">{t('settings.billable')}</h3>
          {data.billable.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('settings.billableEmpty')}</p>
          ) : (
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-slate-200 dark:border-slate-700">
                  <th scope="col" className="py-1 pr-2 font-medium">
                    {t('settings.month')}
                  </th>
                  <th scope="col" className="py-1 pr-2 font-medium">
                    {t('settings.category')}
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    {t('settings.count')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.billable.map((line) => (
                  <tr
                    key={`${line.month}-${line.category}`}
                    className="border-b border-slate-100 dark:border-slate-800"
                  >
                    <td className="py-1 pr-2">{line.month}</td>
                    <td className="py-1 pr-2">{line.category}</td>
                    <td className="py-1 text-right tabular-nums">{line.count.toLocaleString('en-IN')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </div>
    );
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('settings.title')}
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('settings.close')}
        </Button>
      }
    >
      {body}
    </Modal>
  );
}
