import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { CheckCheck, RotateCw } from 'lucide-react';
import type { TPayslip } from '@srpf/shared';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useMarkPayslipSent } from '../api/mark-payslip-sent';
import { useSendPayslips } from '../api/send-payslips';
import { deliveryActions, type DeliveryAction } from '../lib/delivery';
import { formatSalaryMonth } from '../lib/payslip-format';
import { sendErrorText } from '../lib/send-error';

/**
 * Resend and Mark as sent on a slip that needs a check (a worker stopped after handing it to WhatsApp
 * and no callback said what became of it): each asks first, saying its risk, since nothing is resent
 * blindly. Shown in the row's status cell, so the phone's card has them too.
 */
export function DeliveryActions({ slip, manage }: { slip: TPayslip; manage: boolean }) {
  const { t, i18n } = useTranslation('payslips');
  const [asking, setAsking] = useState<DeliveryAction | null>(null);
  const send = useSendPayslips();
  const markSent = useMarkPayslipSent();
  const actions = deliveryActions(slip.status, manage);
  if (actions.length === 0) return null;

  const name = slip.employee_name;
  const month = formatSalaryMonth(slip.salary_month, i18n.language);
  const busy = send.isPending || markSent.isPending;
  const fail = (error: Error) => toast.error(sendErrorText(error));

  // mutateAsync, not mutate's own callbacks: the row leaves a list filtered by needs_check as soon as the
  // list refreshes, and callbacks given to mutate() are dropped once their component has unmounted.
  const confirm = async () => {
    try {
      if (asking === 'resend') {
        const result = await send.mutateAsync([slip.id]);
        const skipped = result.skipped.find((entry) => entry.payslip_id === slip.id);
        if (skipped) toast.error(t('delivery.notResent', { name, reason: t(`skipReasons.${skipped.reason}`) }));
        else toast.success(t('delivery.resent', { name }));
      } else {
        await markSent.mutateAsync(slip.id);
        toast.success(t('delivery.marked', { name }));
      }
    } catch (error) {
      fail(error instanceof Error ? error : new Error(String(error)));
    } finally {
      setAsking(null);
    }
  };

  return (
    <div className="flex flex-wrap gap-2 pt-1">
      <Button
        size="sm"
        variant="secondary"
        onClick={() => setAsking('resend')}
        aria-label={t('delivery.resendLabel', { name, month })}
      >
        <RotateCw aria-hidden="true" className="h-4 w-4" />
        {t('delivery.resend')}
      </Button>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => setAsking('markSent')}
        aria-label={t('delivery.markSentLabel', { name, month })}
      >
        <CheckCheck aria-hidden="true" className="h-4 w-4" />
        {t('delivery.markSent')}
      </Button>
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'markSent' ? t('delivery.markSentTitle') : t('delivery.resendTitle')}
        message={
          asking === 'markSent' ? t('delivery.markSentMessage', { name }) : t('delivery.resendMessage', { name })
        }
        confirmLabel={asking === 'markSent' ? t('delivery.markSentConfirm') : t('delivery.resendConfirm')}
        busyLabel={t('delivery.working')}
        busy={busy}
        tone="primary"
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
