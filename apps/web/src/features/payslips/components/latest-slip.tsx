import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FileX } from 'lucide-react';
import { Skeleton } from '../../../components/ui/skeleton';
import { LoadFailed } from '../../../components/ui/load-failed';
import { errorText } from '../../../lib/error-text';
import { useCurrentUser } from '../../../lib/current-user';
import { usePayslips } from '../api/get-payslips';
import { formatRupees, formatSalaryMonth } from '../lib/payslip-format';
import { PdfState } from './pdf-state';
import { SlipDownloadButton } from './slip-download-button';

/**
 * A person's latest salary slip for their dashboard: its month, the net pay and Download (one click
 * to the PDF), with a link to every slip. Only their own slips reach them (the server's scope).
 */
export function LatestSlip() {
  const { t, i18n } = useTranslation('payslips');
  // The list answers the newest month first: its first row is the latest slip. Asked for by the
  // person's own id, since someone who keeps the slips (manage_payslips) would otherwise get a colleague's.
  const me = useCurrentUser();
  const list = usePayslips({ page: 1, limit: 1, user_id: me.id });
  const slip = list.data?.data.payslips[0];

  if (list.isError && list.data === undefined)
    return (
      <LoadFailed message={t('errors.load', { message: errorText(list.error) })} onRetry={() => void list.refetch()} />
    );
  if (list.data === undefined) return <Skeleton className="h-20 w-full" />;
  if (!slip)
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
        <FileX aria-hidden="true" className="h-4 w-4" />
        {t('latest.none')}
      </p>
    );

  const month = formatSalaryMonth(slip.salary_month, i18n.language);
  const net = formatRupees(slip.net_paise);
  return (
    <div data-latest-slip={slip.salary_month} className="space-y-3">
      <dl className="grid grid-cols-[auto_1fr] items-baseline gap-x-3 gap-y-1">
        <dt className="text-sm text-slate-600 dark:text-slate-400">{t('latest.month')}</dt>
        <dd className="font-medium text-slate-900 dark:text-white">{month}</dd>
        <dt className="text-sm text-slate-600 dark:text-slate-400">{t('own.netPay')}</dt>
        <dd className="text-2xl font-bold text-slate-900 tabular-nums dark:text-white">{net || t('own.netUnknown')}</dd>
      </dl>
      <div className="flex flex-wrap items-center justify-between gap-3">
        {slip.pdf_state === 'ready' ? (
          <SlipDownloadButton slip={slip} variant="primary" label={t('own.downloadMonth', { month })} />
        ) : (
          <PdfState state={slip.pdf_state} note={slip.pdf_note} reason={slip.pdf_error} />
        )}
        <Link to="/salary-finance" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-100">
          {t('latest.all')}
        </Link>
      </div>
    </div>
  );
}
