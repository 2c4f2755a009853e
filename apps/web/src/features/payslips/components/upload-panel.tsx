import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { FileUp, Upload, X } from 'lucide-react';
import { PAYSLIP_FILES_MAX } from '@srpf/shared/payslips/payslips.rules';
import type { TPayslipUploadResponse } from '@srpf/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cx } from '../../../components/ui/class-names';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';
import { getToken } from '../../../lib/session';
import { useUploadPayslips, type UploadProgress } from '../api/upload-payslips';
import { formatBytes } from '../lib/payslip-format';
import { failedUploadResult, splitHtmlFiles, totalBytes } from '../lib/upload-result';
import { UploadResult } from './upload-result';

type Phase = { kind: 'idle' } | { kind: 'sending'; progress: UploadProgress } | { kind: 'reading' };

/**
 * 'Upload Salary Slips' (section 2.14): a multi-file picker of the slips' HTML, the upload with the
 * bytes sent of the total, then the result panel. The alerts are section 5's.
 */
export function UploadPanel() {
  const { t } = useTranslation('payslips');
  const ids = useId();
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [result, setResult] = useState<{ answer: TPayslipUploadResponse; wholeRequest: boolean } | null>(null);
  const upload = useUploadPayslips();
  const busy = phase.kind !== 'idle';

  const choose = (chosen: File[]) => {
    const { html, rejected } = splitHtmlFiles(chosen);
    if (rejected > 0) toast.error(t('upload.notHtml', { count: rejected }));
    setFiles(html);
  };

  const clear = () => {
    setFiles([]);
    if (input.current) input.current.value = '';
  };

  const start = () => {
    if (files.length === 0) {
      toast.error(t('upload.selectFiles'));
      return;
    }
    if (!getToken()) {
      toast.error(t('upload.missingToken'));
      return;
    }
    if (files.length > PAYSLIP_FILES_MAX) {
      toast.error(t('upload.tooMany', { max: PAYSLIP_FILES_MAX.toLocaleString('en-IN') }));
      return;
    }
    const sent = files;
    setResult(null);
    setPhase({ kind: 'sending', progress: { loaded: 0, total: totalBytes(sent) } });
    upload.mutate(
      {
        files: sent,
        // Once the whole body has gone, the server reads and matches the slips before it answers.
        onProgress: (progress) =>
          setPhase(progress.loaded >= progress.total ? { kind: 'reading' } : { kind: 'sending', progress }),
      },
      {
        onSuccess: (answer) => {
          setResult({ answer, wholeRequest: false });
          if (answer.processed.successful > 0)
            toast.success(t('upload.successToast', { count: answer.processed.successful }));
          else toast.error(t('upload.noneStored'));
          clear();
        },
        onError: (error) => {
          console.error('Payslip upload failed', error);
          const message =
            error instanceof ApiError && error.status > 0 && error.message ? errorText(error) : t('upload.failed');
          toast.error(message);
          setResult({
            answer: failedUploadResult(
              sent.map((file) => file.name),
              message,
            ),
            wholeRequest: true,
          });
        },
        onSettled: () => setPhase({ kind: 'idle' }),
      },
    );
  };

  const size = totalBytes(files);
  const percent =
    phase.kind === 'sending' && phase.progress.total > 0
      ? Math.round((phase.progress.loaded / phase.progress.total) * 100)
      : 0;

  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby={`${ids}-title`} className="space-y-4">
        <div>
          <h2 id={`${ids}-title`} className="text-lg font-semibold text-slate-900 dark:text-white">
            {t('upload.title')}
          </h2>
          <p id={`${ids}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {t('upload.hint')}
          </p>
        </div>

        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <label
            className={cx(
              'inline-flex h-10 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500',
              busy && 'cursor-not-allowed opacity-60',
            )}
          >
            <FileUp aria-hidden="true" className="h-4 w-4" />
            {t('upload.choose')}
            <input
              ref={input}
              type="file"
              multiple
              accept=".html,.htm,text/html"
              aria-describedby={`${ids}-hint ${ids}-chosen`}
              disabled={busy}
              className="sr-only"
              onChange={(event) => choose(Array.from(event.target.files ?? []))}
            />
          </label>
          <p id={`${ids}-chosen`} aria-live="polite" className="text-sm text-slate-700 dark:text-slate-300">
            {files.length > 0
              ? t('upload.chosen', { count: files.length, size: formatBytes(size) })
              : t('upload.noneChosen')}
          </p>
          <div className="flex gap-2 sm:ml-auto">
            {files.length > 0 && !busy && (
              <Button variant="ghost" onClick={clear}>
                <X aria-hidden="true" className="h-4 w-4" />
                {t('upload.clear')}
              </Button>
            )}
            <Button onClick={start} disabled={busy} aria-busy={busy || undefined}>
              <Upload aria-hidden="true" className="h-4 w-4" />
              {busy ? t('upload.uploading') : t('upload.submit')}
            </Button>
          </div>
        </div>

        {phase.kind === 'sending' && (
          <div className="space-y-2">
            <p aria-live="polite" className="text-sm text-slate-700 dark:text-slate-300">
              {t('upload.progress', {
                sent: formatBytes(phase.progress.loaded),
                total: formatBytes(phase.progress.total),
                percent,
              })}
            </p>
            <div
              role="progressbar"
              aria-label={t('upload.progressLabel')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-valuetext={t('upload.progress', {
                sent: formatBytes(phase.progress.loaded),
                total: formatBytes(phase.progress.total),
                percent,
              })}
              className="h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
            >
              <div
                className="h-full bg-brand-600 transition-[width] dark:bg-brand-400"
                style={{ width: `${percent}%` }}
              />
            </div>
          </div>
        )}
        {phase.kind === 'reading' && (
          <p className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
            <Spinner />
            <span role="status">{t('upload.reading')}</span>
          </p>
        )}

        {result && (
          <UploadResult result={result.answer} wholeRequest={result.wholeRequest} onDismiss={() => setResult(null)} />
        )}
      </section>
    </Card>
  );
}
