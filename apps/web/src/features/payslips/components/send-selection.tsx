import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useSendPayslips } from '../api/send-payslips';
import { sendErrorText } from '../lib/send-error';
import { summarizeSend, type SendSummary } from '../lib/send-result';
import { SendResult } from './send-result';

/**
 * 'Send via WhatsApp' for the chosen slips (section 2.14): the confirm 'Send N payslip(s) via
 * WhatsApp?', then the send; after it the selection clears (`onSent`) and the result notice shows
 * what was queued and what was skipped, why. A refused send keeps the selection and says why.
 */
export function useSendSelection({
  selected,
  nameOf,
  onSent,
}: {
  selected: ReadonlySet<number>;
  /** The name of the person of a chosen slip (for the skipped ones). */
  nameOf: (id: number) => string | undefined;
  onSent: () => void;
}) {
  const { t } = useTranslation('payslips');
  const send = useSendPayslips();
  const [asking, setAsking] = useState(false);
  const [summary, setSummary] = useState<SendSummary | null>(null);

  const confirm = () => {
    const ids = [...selected];
    send.mutate(ids, {
      onSuccess: (result) => {
        setSummary(summarizeSend(result, nameOf));
        onSent();
      },
      onError: (error) => toast.error(t('send.failed', { message: sendErrorText(error) })),
      onSettled: () => setAsking(false),
    });
  };

  const dialog = (
    <ConfirmDialog
      open={asking}
      title={t('send.confirmTitle')}
      message={t('send.confirm', { count: selected.size })}
      confirmLabel={t('send.confirmButton')}
      busyLabel={t('selection.sending')}
      busy={send.isPending}
      tone="primary"
      onConfirm={confirm}
      onCancel={() => setAsking(false)}
    />
  );
  const result = summary && <SendResult summary={summary} onDismiss={() => setSummary(null)} />;

  return {
    ask: () => {
      setSummary(null);
      setAsking(true);
    },
    sending: send.isPending,
    dialog,
    result,
  };
}
