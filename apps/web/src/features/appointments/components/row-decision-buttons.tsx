import { useTranslation } from 'react-i18next';
import { Check, X } from 'lucide-react';
import type { TAppointment } from '@srpf/shared';
import { Button } from '../../../components/ui/button';
import { rejectOutlineClasses } from './step-button-classes';
import type { RowDecision } from './use-row-decision';

/** Approve (solid) and Reject (outline) of one row, named after its applicant for screen readers. */
export function RowDecisionButtons({
  row,
  decision,
}: {
  row: Pick<TAppointment, 'id' | 'user_id' | 'company_id' | 'status' | 'full_name'>;
  decision: RowDecision;
}) {
  const { t } = useTranslation('appointments');
  if (!decision.mayDecide(row)) return null;
  const name = row.full_name || `#${row.id}`;
  const busy = decision.busyId === row.id;
  return (
    <span className="inline-flex gap-1.5">
      <Button
        size="sm"
        onClick={() => decision.approve(row)}
        disabled={busy}
        aria-busy={busy}
        aria-label={t('row.approveLabel', { name })}
      >
        <Check aria-hidden="true" className="h-4 w-4" />
        {t('detail.approve')}
      </Button>
      <button
        type="button"
        onClick={() => decision.reject(row)}
        disabled={busy}
        aria-label={t('row.rejectLabel', { name })}
        className={rejectOutlineClasses('sm')}
      >
        <X aria-hidden="true" className="h-4 w-4" />
        {t('detail.reject')}
      </button>
    </span>
  );
}
