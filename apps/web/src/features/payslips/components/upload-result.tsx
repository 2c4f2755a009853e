import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, Info, X, XCircle } from 'lucide-react';
import type { TPayslipUploadResponse } from '@srpf/shared';
import { DataTable, TableHead, TBody, Td, Tr } from '../../../components/ui/table';
import { cx } from '../../../components/ui/class-names';
import { IconButton } from '../../../components/ui/icon-button';
import { formatSalaryMonth } from '../lib/payslip-format';
import { failureText, shownFailures } from '../lib/upload-result';

const FAILURE_COLUMNS = ['file', 'error'] as const;

/**
 * The result panel (section 2.14): Upload Successful or Failed, the counts, the months stored, a note
 * when the PDFs wait for Chromium, and the failed files with their reasons (the first 100, then
 * '...and N more') in a collapsible table.
 */
export function UploadResult({
  result,
  wholeRequest,
  onDismiss,
}: {
  result: TPayslipUploadResponse;
  wholeRequest: boolean;
  onDismiss: () => void;
}) {
  const { t, i18n } = useTranslation('payslips');
  const { successful, failed, failures, new_versions: newVersions, inconsistent, months } = result.processed;
  const ok = successful > 0;
  const { shown, more } = shownFailures(failures);
  const Icon = ok ? CheckCircle2 : XCircle;
  const titleId = useId();

  return (
    <section
      aria-labelledby={titleId}
      data-testid="upload-result"
      className={cx(
        'rounded-lg border p-4',
        ok
          ? 'border-emerald-300 bg-emerald-50 dark:border-emerald-800 dark:bg-emerald-950/40'
          : 'border-red-300 bg-red-50 dark:border-red-800 dark:bg-red-950/40',
      )}
    >
      <div className="flex items-start gap-3">
        <Icon
          aria-hidden="true"
          className={cx(
            'mt-0.5 h-5 w-5 shrink-0',
            ok ? 'text-emerald-700 dark:text-emerald-300' : 'text-red-700 dark:text-red-300',
          )}
        />
        <div className="min-w-0 flex-1 space-y-2">
          <h3 id={titleId} className="font-semibold text-slate-900 dark:text-white">
            {ok ? t('result.successTitle') : t('result.failedTitle')}
          </h3>
          <ul className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-800 dark:text-slate-200">
            <li>{t('result.successful', { count: successful })}</li>
            <li>{t('result.failed', { count: failed })}</li>
            {newVersions > 0 && <li>{t('result.newVersions', { count: newVersions })}</li>}
            {inconsistent > 0 && <li>{t('result.inconsistent', { count: inconsistent })}</li>}
          </ul>
          {months.length > 0 && (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {t('result.months', {
                months: months.map((month) => formatSalaryMonth(month, i18n.language)).join(', '),
              })}
            </p>
          )}
          {ok && (
            <p className="flex items-start gap-2 text-sm text-slate-700 dark:text-slate-300">
              <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
              {result.renderer.available ? t('result.pdfsInBackground') : t('result.pdfsLater')}
            </p>
          )}
          {failures.length > 0 && (
            <details className="group" open={failures.length <= 10}>
              <summary className="cursor-pointer text-sm font-medium text-slate-900 underline-offset-2 hover:underline dark:text-white">
                {t('result.failedFiles', { count: failures.length })}
              </summary>
              <div className="mt-2 rounded-md border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
                <DataTable caption={t('result.failedFilesCaption')} className="max-h-96 overflow-y-auto">
                  <TableHead columns={FAILURE_COLUMNS} label={(column) => t(`result.columns.${column}`)} />
                  <TBody>
                    {shown.map((failure, index) => (
                      <Tr key={`${failure.filename}-${index}`}>
                        <Td className="font-mono text-xs break-all">{failure.filename}</Td>
                        <Td>
                          {failureText(failure, i18n.language, (code) => t(`failureCodes.${code}`), wholeRequest)}
                        </Td>
                      </Tr>
                    ))}
                  </TBody>
                </DataTable>
                {more > 0 && (
                  <p className="border-t border-slate-200 px-3 py-2 text-sm text-slate-700 dark:border-slate-700 dark:text-slate-300">
                    {t('result.more', { count: more })}
                  </p>
                )}
              </div>
            </details>
          )}
        </div>
        <IconButton label={t('result.dismiss')} onClick={onDismiss}>
          <X aria-hidden="true" className="h-4 w-4" />
        </IconButton>
      </div>
    </section>
  );
}
