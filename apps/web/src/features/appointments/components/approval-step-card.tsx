import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { Check, ChevronsRight, X } from 'lucide-react';
import type { ApprovalDecision, TAppointmentDetail } from '@srpf/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { controlClasses } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';
import { useApprovalStep } from '../api/approval-step';
import { getWaiting } from '../api/get-waiting';
import { remarkHtml } from '../lib/remark-html';
import { rejectOutlineClasses } from './step-button-classes';

/** Approve or Reject for the step of the signed-in person's role, with an optional remark. */
export function ApprovalStepCard({ appointment }: { appointment: TAppointmentDetail }) {
  const { t } = useTranslation('appointments');
  const remarkId = useId();
  const [remark, setRemark] = useState('');
  const step = useApprovalStep();
  const navigate = useNavigate();
  const { can_approve: canApprove, can_reject: canReject, remark_role: role } = appointment.abilities;
  if (!canApprove && !canReject) return null;

  /** Takes the step; true when it was taken. */
  const decide = async (decision: ApprovalDecision): Promise<boolean> => {
    try {
      await step.mutateAsync({ id: appointment.id, decision, remark: remarkHtml(remark) });
      toast.success(decision === 'approve' ? t('detail.approved') : t('detail.rejectedDone'));
      setRemark('');
      return true;
    } catch (error) {
      toast.error(
        t('errors.stepFailed', {
          message: error instanceof ApiError ? errorText(error) : t('errors.generic', { ns: 'common' }),
        }),
      );
      return false;
    }
  };

  // Approve, then open the next request waiting for the same step (earliest first), if any.
  const approveAndNext = async () => {
    if (!(await decide('approve'))) return;
    const waiting = await getWaiting(1, 2).catch(() => undefined);
    const next = waiting?.data.find((candidate) => candidate.id !== appointment.id);
    if (next) await navigate(`/appointments/${next.id}`);
    else toast(t('detail.noneWaiting'));
  };

  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold text-slate-900 dark:text-slate-100">{t('detail.stepTitle')}</h2>
      {role && <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t(`roles.${role}`)}</p>}
      <label htmlFor={remarkId} className="mt-3 mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200">
        {t('detail.stepRemark')}
      </label>
      <textarea
        id={remarkId}
        rows={3}
        value={remark}
        onChange={(event) => setRemark(event.target.value)}
        className={`${controlClasses()} py-2`}
      />
      <div className="mt-3 flex flex-wrap gap-2">
        {canApprove && (
          <Button onClick={() => void decide('approve')} disabled={step.isPending}>
            <Check aria-hidden="true" className="h-4 w-4" />
            {t('detail.approve')}
          </Button>
        )}
        {canApprove && (
          <Button variant="secondary" onClick={() => void approveAndNext()} disabled={step.isPending}>
            <ChevronsRight aria-hidden="true" className="h-4 w-4" />
            {t('detail.approveAndNext')}
          </Button>
        )}
        {canReject && (
          <button
            type="button"
            onClick={() => void decide('reject')}
            disabled={step.isPending}
            className={rejectOutlineClasses()}
          >
            <X aria-hidden="true" className="h-4 w-4" />
            {t('detail.reject')}
          </button>
        )}
      </div>
    </Card>
  );
}
