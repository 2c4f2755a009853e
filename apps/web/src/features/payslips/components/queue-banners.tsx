import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import toast from 'react-hot-toast';
import { AlertTriangle, Clock, PauseCircle, PlugZap } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/class-names';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useResumeWhatsappQueue } from '../api/resume-whatsapp-queue';
import { formatIndiaMoment, type QueueBanner } from '../lib/queue-banners';
import { sendErrorText } from '../lib/send-error';

const TONE = {
  warning: 'border-amber-300 bg-amber-50 dark:border-amber-800 dark:bg-amber-950/40',
  danger: 'border-red-300 bg-red-50 dark:border-red-800 dark:bg-red-950/40',
  info: 'border-sky-300 bg-sky-50 dark:border-sky-800 dark:bg-sky-950/40',
} as const;

function Notice({
  tone,
  icon: Icon,
  kind,
  children,
}: {
  tone: keyof typeof TONE;
  icon: typeof AlertTriangle;
  kind: QueueBanner['kind'];
  children: ReactNode;
}) {
  return (
    <div data-queue-banner={kind} className={cx('flex items-start gap-3 rounded-lg border p-3 text-sm', TONE[tone])}>
      <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-700 dark:text-slate-200" />
      <div className="min-w-0 flex-1 space-y-1 text-slate-900 dark:text-slate-100">{children}</div>
    </div>
  );
}

/** A pause, with its reason and since when; an administrator resumes it after a confirm. */
function PausedNotice({ banner }: { banner: Extract<QueueBanner, { kind: 'paused' }> }) {
  const { t, i18n } = useTranslation('payslips');
  const [asking, setAsking] = useState(false);
  const resume = useResumeWhatsappQueue();
  return (
    <Notice tone="danger" icon={PauseCircle} kind="paused">
      <p className="font-medium">{t('queue.paused', { since: formatIndiaMoment(banner.since, i18n.language) })}</p>
      <p>
        {t('queue.reason')} <span lang="en">{banner.reason}</span>
        {banner.code !== null && <> ({t('queue.pausedCode', { code: banner.code })})</>}
      </p>
      {banner.canResume && (
        <>
          <Button size="sm" onClick={() => setAsking(true)} className="mt-1">
            {t('queue.resume')}
          </Button>
          <ConfirmDialog
            open={asking}
            title={t('queue.resumeTitle')}
            message={t('queue.resumeMessage')}
            confirmLabel={t('queue.resume')}
            busy={resume.isPending}
            tone="primary"
            onCancel={() => setAsking(false)}
            // mutateAsync: the paused notice goes once the queue is read again, and mutate()'s own
            // callbacks are dropped with it.
            onConfirm={() =>
              void resume
                .mutateAsync()
                .then(() => toast.success(t('queue.resumed')))
                .catch((error: Error) => toast.error(sendErrorText(error)))
                .finally(() => setAsking(false))
            }
          />
        </>
      )}
    </Notice>
  );
}

/**
 * The queue's notices above the list, for those who manage payslips: paused (and Resume for an
 * administrator), WhatsApp not connected (the outbox), slips waiting for the daily limit (until when,
 * in Asia/Kolkata), and slips needing a check, linking to the list filtered to them.
 */
export function QueueBanners({ banners }: { banners: readonly QueueBanner[] }) {
  const { t, i18n } = useTranslation('payslips');
  if (banners.length === 0) return null;
  return (
    <section aria-label={t('queue.label')} className="space-y-2">
      {banners.map((banner) => {
        switch (banner.kind) {
          case 'paused':
            return <PausedNotice key="paused" banner={banner} />;
          case 'outbox':
            return (
              <Notice key="outbox" tone="warning" icon={PlugZap} kind="outbox">
                <p className="font-medium">{t('queue.outbox')}</p>
              </Notice>
            );
          case 'dailyLimit': {
            const until = formatIndiaMoment(banner.until, i18n.language);
            return (
              <Notice key="dailyLimit" tone="info" icon={Clock} kind="dailyLimit">
                <p>
                  {until
                    ? t('queue.dailyLimit', { count: banner.count, until })
                    : t('queue.dailyLimitNoTime', { count: banner.count })}
                </p>
              </Notice>
            );
          }
          case 'needsCheck':
            return (
              <Notice key="needsCheck" tone="warning" icon={AlertTriangle} kind="needsCheck">
                <p>{t('queue.needsCheck', { count: banner.count })}</p>
                <Link
                  to="/salary-finance?status=needs_check"
                  className="font-medium text-brand-700 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-100"
                >
                  {t('queue.needsCheckLink')}
                </Link>
              </Notice>
            );
        }
      })}
    </section>
  );
}
