import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import type { ApprovalDecision, TAppointment } from '@srpf/shared';
import { approvalStepOutcome } from '@srpf/shared/appointments/appointments.policy';
import { ApiError } from '../../../lib/api-error';
import { useCurrentUser } from '../../../lib/current-user';
import { errorText } from '../../../lib/error-text';
import { useApprovalStep } from '../api/approval-step';
import { remarkHtml } from '../lib/remark-html';
import { RejectDialog } from './reject-dialog';

type Row = Pick<TAppointment, 'id' | 'user_id' | 'company_id' | 'status' | 'full_name'>;

export interface RowDecision {
  /** The shared policy's answer for the row (the server decides again). */
  mayDecide: (row: Row) => boolean;
  approve: (row: Row) => void;
  /** Opens the confirmation with its remark. */
  reject: (row: Row) => void;
  /** The row whose step is being sent. */
  busyId: number | null;
  dialog: ReactNode;
}

/** Approve at once, or reject after a confirmation with a remark, from a row of a list; `onDecided` refreshes what else shows the row. */
export function useRowDecision(onDecided?: () => void): RowDecision {
  const { t } = useTranslation('appointments');
  const { actor } = useCurrentUser();
  const step = useApprovalStep();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<Row | null>(null);

  const decide = async (row: Row, decision: ApprovalDecision, remark?: string) => {
    setBusyId(row.id);
    try {
      await step.mutateAsync({ id: row.id, decision, remark });
      toast.success(decision === 'approve' ? t('detail.approved') : t('detail.rejectedDone'));
      setRejecting(null);
      onDecided?.();
    } catch (error) {
      toast.error(
        t('errors.stepFailed', {
          message: error instanceof ApiError ? errorText(error) : t('errors.generic', { ns: 'common' }),
        }),
      );
    } finally {
      setBusyId(null);
    }
  };

  return {
    mayDecide: (row) =>
      approvalStepOutcome(actor, { userId: row.user_id, companyId: row.company_id, status: row.status }, 'approve').ok,
    approve: (row) => void decide(row, 'approve'),
    reject: setRejecting,
    busyId,
    dialog: rejecting && (
      <RejectDialog
        applicant={rejecting.full_name || `#${rejecting.id}`}
        busy={busyId === rejecting.id}
        onReject={(remark) => void decide(rejecting, 'reject', remarkHtml(remark))}
        onClose={() => setRejecting(null)}
      />
    ),
  };
}
