import { useTranslation } from 'react-i18next';
import { FileX } from 'lucide-react';
import type { TPayslip } from '@srpf/shared';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatRupees, formatSalaryMonth } from '../lib/payslip-format';
import { PdfState } from './pdf-state';
import { SlipDownloadButton } from './slip-download-button';

/**
 * A person's own slips (without manage_payslips): the month, the net pay and a labelled Download on
 * one line, newest month first; the administrator's columns (file, WhatsApp, service dates) are not
 * theirs to read through. One row a slip at any width, so nothing scrolls sideways on a phone.
 */
export function OwnPayslipsList({ rows, loading }: { rows: TPayslip[] | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation('payslips');

  if (loading)
    return (
      <div aria-hidden="true" className="space-y-3 p-4">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="h-12 w-full" />
        ))}
      </div>
    );
  if (!rows || rows.length === 0) return <EmptyState icon={FileX} title={t('table.empty')} />;

  return (
    <ul aria-label={t('own.listLabel')} className="divide-y divide-slate-100 dark:divide-slate-800">
      {rows.map((row) => {
        const month = formatSalaryMonth(row.salary_month, i18n.language);
        const net = formatRupees(row.net_paise);
        return (
          <li
            key={row.id}
            data-payslip-row={row.sevarth_id}
            data-pdf-state={row.pdf_state}
            className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3"
          >
            <div className="min-w-0">
              <p className="font-medium text-slate-900 dark:text-white">{month}</p>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {t('own.netPay')}{' '}
                <span className="font-semibold text-slate-900 tabular-nums dark:text-white">
                  {net || t('own.netUnknown')}
                </span>
              </p>
            </div>
            {row.pdf_state === 'ready' ? (
              <SlipDownloadButton slip={row} label={t('own.downloadMonth', { month })} />
            ) : (
              <PdfState state={row.pdf_state} note={row.pdf_note} reason={row.pdf_error} />
            )}
          </li>
        );
      })}
    </ul>
  );
}
