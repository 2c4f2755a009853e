import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, Key } from 'lucide-react';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { DataTable, TBody, Td, Th } from '../../../components/ui/table';
import { downloadTextFile } from '../../../lib/csv';
import { buildPasswordCsv, passwordCsvFileName } from '../lib/password-csv';
import type { ImportResult } from './import-users-modal';

/** Rows drawn at most; a 10,000-row import is summarised by the counts above the table. */
const MAX_ROWS_SHOWN = 500;

type Outcome = ImportResult['results'][number]['status'];
const TONES: Record<Outcome, BadgeTone> = { created: 'success', failed: 'danger', skipped: 'warning' };

/**
 * Import Results: the counts, each row's outcome (name, email, field, error) and, once, the one-time
 * passwords as a CSV built here from the answer. Nothing of it is stored; closing without the file
 * asks first, since the passwords cannot be shown again.
 */
export function ImportResultsModal({ result, onClose }: { result: ImportResult; onClose: () => void }) {
  const { t } = useTranslation('users');
  const [show, setShow] = useState<'' | Outcome>(result.failed > 0 ? 'failed' : '');
  const [downloaded, setDownloaded] = useState(false);
  const [confirmingClose, setConfirmingClose] = useState(false);
  const hasPasswords = result.passwords.length > 0;

  const rows = useMemo(
    () => (show === '' ? result.results : result.results.filter((row) => row.status === show)),
    [result, show],
  );

  const download = () => {
    downloadTextFile(passwordCsvFileName(), buildPasswordCsv(result.passwords));
    setDownloaded(true);
    setConfirmingClose(false);
  };

  const close = () => {
    if (hasPasswords && !downloaded && !confirmingClose) setConfirmingClose(true);
    else onClose();
  };

  return (
    <Modal
      open
      onClose={close}
      size="xl"
      title={t('results.title')}
      description={t('results.summary', { created: result.created, failed: result.failed, skipped: result.skipped })}
      footer={
        confirmingClose ? (
          <>
            <Button variant="danger" onClick={onClose}>
              {t('results.closeAnyway')}
            </Button>
            <Button onClick={download}>
              <Download aria-hidden="true" className="h-4 w-4" />
              {t('results.download')}
            </Button>
          </>
        ) : (
          <Button variant="secondary" onClick={close}>
            {t('close', { ns: 'common' })}
          </Button>
        )
      }
    >
      <div className="space-y-5">
        <dl className="grid grid-cols-3 gap-3 text-center">
          {(['created', 'failed', 'skipped'] as const).map((outcome) => (
            <div key={outcome} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
              <dt className="text-sm text-slate-500 dark:text-slate-400">{t(`results.${outcome}`)}</dt>
              <dd className="text-2xl font-semibold tabular-nums text-slate-900 dark:text-white">
                {result[outcome].toLocaleString('en-IN')}
              </dd>
            </div>
          ))}
        </dl>

        {confirmingClose && (
          <p
            role="alert"
            className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-amber-200"
          >
            {t('results.closeWarning')}
          </p>
        )}

        {hasPasswords && (
          <div className="flex flex-col gap-3 rounded-lg border border-brand-100 bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between dark:border-brand-900 dark:bg-brand-900/30">
            <div className="flex gap-3">
              <Key aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700 dark:text-brand-100" />
              <div className="text-sm text-slate-700 dark:text-slate-200">
                <p className="font-medium text-slate-900 dark:text-white">
                  {t('results.passwordsTitle', { count: result.passwords.length })}
                </p>
                <p className="mt-1">{t('results.passwordsNote')}</p>
                <p className="mt-1">{t('results.apostropheNote')}</p>
              </div>
            </div>
            <Button onClick={download} className="shrink-0" data-autofocus>
              <Download aria-hidden="true" className="h-4 w-4" />
              {downloaded ? t('results.downloadAgain') : t('results.download')}
            </Button>
          </div>
        )}

        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="text-sm font-semibold text-slate-900 dark:text-slate-100">{t('results.rowsTitle')}</h3>
          <label className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
            {t('results.show')}
            <Select value={show} onChange={(event) => setShow(event.target.value as '' | Outcome)} className="h-8 w-40">
              <option value="">{t('results.all')}</option>
              <option value="created">{t('results.created')}</option>
              <option value="failed">{t('results.failed')}</option>
              <option value="skipped">{t('results.skipped')}</option>
            </Select>
          </label>
        </div>

        {rows.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('results.none')}</p>
        ) : (
          <div className="rounded-lg border border-slate-200 dark:border-slate-700">
            <DataTable caption={t('results.rowsTitle')}>
              <thead>
                <tr>
                  <Th>{t('results.row')}</Th>
                  <Th>{t('table.name')}</Th>
                  <Th>{t('table.email')}</Th>
                  <Th>{t('table.status')}</Th>
                  <Th>{t('results.field')}</Th>
                  <Th>{t('results.error')}</Th>
                </tr>
              </thead>
              <TBody>
                {rows.slice(0, MAX_ROWS_SHOWN).map((row) => (
                  <tr key={`${row.row}-${row.email}`}>
                    <Td className="tabular-nums text-slate-500">{row.row}</Td>
                    <Td className="whitespace-nowrap">{row.name}</Td>
                    <Td className="whitespace-nowrap">{row.email}</Td>
                    <Td>
                      <Badge tone={TONES[row.status]}>{t(`results.${row.status}`)}</Badge>
                    </Td>
                    <Td className="font-mono text-xs">{row.field ?? ''}</Td>
                    <Td>{row.error ?? ''}</Td>
                  </tr>
                ))}
              </TBody>
            </DataTable>
          </div>
        )}
        {rows.length > MAX_ROWS_SHOWN && (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t('results.truncated', { shown: MAX_ROWS_SHOWN, count: rows.length })}
          </p>
        )}
      </div>
    </Modal>
  );
}
