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

const BUTTONS = [
  { action: 'resend', Icon: RotateCw, label: 'delivery.resend', ariaLabel: 'delivery.resendLabel' },
  { action: 'markSent', Icon: CheckCheck, label: 'delivery.markSent', ariaLabel: 'delivery.markSentLabel' },
] as const satisfies readonly { action: DeliveryAction; Icon: unknown; label: string; ariaLabel: string }[];

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
        // While WhatsApp is not connected the slip goes to the outbox: the notice says nobody receives it.
        else toast.success(t(result.provider === 'outbox' ? 'delivery.resentOutbox' : 'delivery.resent', { name }));
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
      {BUTTONS.map(({ action, Icon, label, ariaLabel }) => (
        <Button
          key={action}
          size="sm"
          variant="secondary"
          onClick={() => setAsking(action)}
          aria-label={t(ariaLabel, { name, month })}
        >
          <Icon aria-hidden="true" className="h-4 w-4" />
          {t(label)}
        </Button>
      ))}
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
