import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { FileSpreadsheet, TriangleAlert, Upload } from 'lucide-react';
import type { TImportUsersResponse } from '@srpf/shared';
import { useCompanyOptions } from '../../../api/lookups/get-companies';
import { Button } from '../../../components/ui/button';
import { Field, Select } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { DataTable, TBody, Td, Th } from '../../../components/ui/table';
import { ApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';
import { useCurrentUser } from '../../../lib/current-user';
import { useStateResetOn } from '../../../lib/use-state-reset-on';
import { useRoleNames } from '../api/get-roles';
import { useImportUsers } from '../api/import-users';
import { buildCsvPreview, csvFileProblem, EXPECTED_COLUMNS, type CsvPreview } from '../lib/csv-preview';
import { assignableRoles, FALLBACK_ROLES } from '../lib/roles';
import { useRoleLabel } from './role-badge';

export type ImportResult = TImportUsersResponse['data'];

/**
 * Import Users from CSV: pick a file, preview its first 10 rows, choose the company and role of every
 * row, import (one request; the server validates and creates), then hand the results on.
 */
export function ImportUsersModal({
  onClose,
  onImported,
}: {
  onClose: () => void;
  onImported: (result: ImportResult) => void;
}) {
  const { t } = useTranslation('users');
  const roleLabel = useRoleLabel();
  const ids = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [companyId, setCompanyId] = useState('');
  const [companyError, setCompanyError] = useState<string | null>(null);
  const [role, setRole] = useState('viewer');
  const [failure, setFailure] = useState<string | null>(null);
  const companies = useCompanyOptions();
  const roles = assignableRoles(useRoleNames(FALLBACK_ROLES), useCurrentUser().role);
  const importer = useImportUsers();
  const elapsed = useElapsedSeconds(importer.isPending);

  const pick = async (picked: File | undefined) => {
    setFailure(null);
    setPreview(null);
    setFile(null);
    if (!picked) return;
    const problem = csvFileProblem(picked);
    if (problem) {
      const message =
        problem === 'notCsv'
          ? t('import.invalidFile')
          : problem === 'tooLarge'
            ? t('import.tooLarge')
            : t('import.noFile');
      setFileError(message);
      toast.error(message);
      return;
    }
    setFileError(null);
    setFile(picked);
    try {
      setPreview(buildCsvPreview(await picked.text()));
    } catch (error) {
      console.error('Reading the CSV file failed', error);
      setFileError(t('import.unreadable'));
    }
  };

  const start = () => {
    setFailure(null);
    if (!file || !preview || preview.totalRows === 0) {
      setFileError(t('import.noFile'));
      toast.error(t('import.noFile'));
      return;
    }
    if (!companyId) {
      setCompanyError(t('import.companyRequired'));
      return;
    }
    importer.mutate(
      { file, companyId, role },
      {
        onSuccess: (result) => {
          toast.success(t('import.done', { created: result.created, failed: result.failed, skipped: result.skipped }));
          onImported(result);
        },
        onError: (error) => {
          console.error('Importing users failed', error);
          const message =
            error instanceof ApiError && error.message && !error.isNetwork && error.status < 500
              ? errorText(error)
              : null;
          const text = message ? t('import.failedBecause', { message }) : t('import.failed');
          setFailure(text);
          toast.error(text);
        },
      },
    );
  };

  const blocked = preview !== null && preview.missingColumns.length > 0;

  return (
    <Modal
      open
      onClose={onClose}
      busy={importer.isPending}
      size="xl"
      title={t('import.title')}
      description={t('import.description')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={importer.isPending}>
            {t('cancel', { ns: 'common' })}
          </Button>
          <Button onClick={start} disabled={importer.isPending || blocked} aria-busy={importer.isPending}>
            <Upload aria-hidden="true" className="h-4 w-4" />
            {importer.isPending
              ? t('import.importing')
              : preview
                ? t('import.submitCount', { count: preview.totalRows })
                : t('import.submit')}
          </Button>
        </>
      }
    >
      <div className="space-y-5">
        <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-300">
          {t('import.expectedColumns')} <span className="font-mono text-xs">{EXPECTED_COLUMNS.join(', ')}</span>
        </p>

        <div className="grid gap-4 md:grid-cols-3">
          <Field
            label={t('import.file')}
            error={fileError ?? undefined}
            hint={file ? t('import.fileChosen', { name: file.name }) : undefined}
          >
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                type="file"
                accept=".csv,text/csv"
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                disabled={importer.isPending}
                onChange={(event) => void pick(event.target.files?.[0])}
                className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-brand-700 hover:file:bg-brand-100 dark:text-slate-300 dark:file:bg-brand-900/60 dark:file:text-brand-100"
              />
            )}
          </Field>
          <Field label={t('import.company')} required error={companyError ?? undefined}>
            {({ id, describedBy, invalid, required }) => (
              <Select
                id={id}
                required={required}
                aria-describedby={describedBy}
                invalid={invalid}
                value={companyId}
                disabled={importer.isPending}
                onChange={(event) => {
                  setCompanyId(event.target.value);
                  setCompanyError(null);
                }}
              >
                <option value="">
                  {companies.isLoading ? t('loading', { ns: 'common' }) : t('form.selectCompany')}
                </option>
                {companies.data
                  ?.filter((company) => company.active)
                  .map((company) => (
                    <option key={company.id} value={String(company.id)}>
                      {company.name}
                    </option>
                  ))}
              </Select>
            )}
          </Field>
          <Field label={t('import.role')}>
            {({ id }) => (
              <Select
                id={id}
                value={role}
                disabled={importer.isPending}
                onChange={(event) => setRole(event.target.value)}
              >
                {roles.map((name) => (
                  <option key={name} value={name}>
                    {roleLabel(name)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>

        {importer.isPending && (
          <div className="space-y-2" aria-live="polite">
            <div
              role="progressbar"
              aria-label={t('import.progressLabel')}
              aria-valuetext={t('import.progress', { count: preview?.totalRows ?? 0, seconds: elapsed })}
              className="h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
            >
              <div className="h-full w-1/3 animate-[import-progress_1.2s_ease-in-out_infinite] rounded-full motion-reduce:w-full motion-reduce:animate-none bg-brand-600 dark:bg-brand-500" />
            </div>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {t('import.progress', { count: preview?.totalRows ?? 0, seconds: elapsed })}
            </p>
            <style>
              {
                '@keyframes import-progress { 0% { transform: translateX(-100%) } 100% { transform: translateX(300%) } }'
              }
            </style>
          </div>
        )}

        {failure && (
          <p
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
          >
            {failure}
          </p>
        )}

        {blocked && (
          <p
            role="alert"
            className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-amber-200"
          >
            <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            {t('import.missingColumns', { columns: preview.missingColumns.join(', ') })}
          </p>
        )}

        {preview && (
          <section aria-labelledby={`${ids}-preview`} className="space-y-2">
            <h3
              id={`${ids}-preview`}
              className="flex items-center gap-2 text-sm font-semibold text-slate-900 dark:text-slate-100"
            >
              <FileSpreadsheet aria-hidden="true" className="h-4 w-4" />
              {t('import.previewTitle')}
            </h3>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {t('import.previewSummary', { shown: preview.rows.length, count: preview.totalRows })}
            </p>
            {preview.rows.length > 0 && (
              <div className="rounded-lg border border-slate-200 dark:border-slate-700">
                <DataTable caption={t('import.previewTitle')}>
                  <thead>
                    <tr>
                      <Th>#</Th>
                      {preview.headers.map((header, index) => (
                        <Th key={index}>{header}</Th>
                      ))}
                    </tr>
                  </thead>
                  <TBody>
                    {preview.rows.map((row, rowIndex) => (
                      <tr key={rowIndex}>
                        <Td className="text-slate-500 tabular-nums">{rowIndex + 1}</Td>
                        {preview.headers.map((_, index) => (
                          <Td key={index} className="whitespace-nowrap">
                            {row[index] ?? ''}
                          </Td>
                        ))}
                      </tr>
                    ))}
                  </TBody>
                </DataTable>
              </div>
            )}
          </section>
        )}
      </div>
    </Modal>
  );
}

/** Whole seconds since `running` became true, for the progress text. */
function useElapsedSeconds(running: boolean): number {
  const [seconds, setSeconds] = useStateResetOn(running, 0);
  useEffect(() => {
    if (!running) return;
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [running, setSeconds]);
  return seconds;
}
