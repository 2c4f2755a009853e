import { useTranslation } from 'react-i18next';
import type { PayslipPdfNote, PayslipPdfState, PayslipStatus } from '@srpf/shared/payslips/payslips.rules';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { hasShownReason } from '../lib/delivery';

const PDF_TONES: Record<PayslipPdfState, BadgeTone> = { waiting: 'warning', ready: 'success', failed: 'danger' };
const STATUS_TONES: Record<PayslipStatus, BadgeTone> = {
  generated: 'info',
  queued: 'warning',
  sent: 'primary',
  delivered: 'success',
  read: 'success',
  failed: 'danger',
  needs_check: 'warning',
};

/** A slip's PDF: waiting (being made, or waiting for Chromium), ready, or failed; why, in the reader's language, under it. */
export function PdfState({
  state,
  note,
  reason,
}: {
  state: PayslipPdfState;
  note: PayslipPdfNote | null;
  reason: string | null;
}) {
  const { t } = useTranslation('payslips');
  return (
    <div className="max-w-56 space-y-1">
      <Badge tone={PDF_TONES[state]}>{t(`pdf.${state}`)}</Badge>
      {note && <p className="text-xs break-words text-slate-600 dark:text-slate-400">{t(`pdfNote.${note}`)}</p>}
      {/* The renderer's own words, sent only to those who manage payslips (the IT cell reads them). */}
      {reason && state !== 'ready' && (
        <p lang="en" className="text-xs break-words text-slate-500 dark:text-slate-400">
          {reason}
        </p>
      )}
    </div>
  );
}

/**
 * Where a slip is in its delivery: generated, queued, sent, delivered, read, failed or needs a check;
 * for failed and needs a check, why, under a lead-in in the reader's language (the reason itself is
 * the server's English words).
 */
export function StatusBadge({ status, reason }: { status: PayslipStatus; reason?: string | null }) {
  const { t } = useTranslation('payslips');
  return (
    <div className="max-w-56 space-y-1" data-delivery-status={status}>
      <Badge tone={STATUS_TONES[status]}>{t(`status.${status}`)}</Badge>
      {reason && hasShownReason(status) && (
        <p className="text-xs break-words text-slate-600 dark:text-slate-400">
          {t('delivery.reason')}{' '}
          <span lang="en" className="text-slate-700 dark:text-slate-300">
            {reason}
          </span>
        </p>
      )}
    </div>
  );
}
