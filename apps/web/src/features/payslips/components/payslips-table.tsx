import { Fragment, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertTriangle, ChevronDown, ChevronRight, Download, FileX } from 'lucide-react';
import type { TPayslip, TPayslipVersion } from '@srpf/shared';
import { Badge } from '../../../components/ui/badge';
import { cx } from '../../../components/ui/class-names';
import { DateText } from '../../../components/ui/date-text';
import { EmptyState } from '../../../components/ui/empty-state';
import { IconButton } from '../../../components/ui/icon-button';
import { DataTable, FullRow, SkeletonRows, TBody, Td, Th, Tr } from '../../../components/ui/table';
import { Spinner } from '../../../components/ui/spinner';
import { selectAllState } from '../lib/list-filters';
import { formatRupees, formatSalaryMonth, formatSlipDate } from '../lib/payslip-format';
import { DeliveryActions } from './delivery-actions';
import { PdfState, StatusBadge } from './pdf-state';
import { usePayslipDownload } from './use-payslip-download';

/** The spec's three service dates share one column, one a line, so Download stays on a laptop's screen. */
const COLUMNS = ['employee', 'file', 'month', 'dates', 'whatsapp', 'status', 'actions'] as const;
/** Their headings wrap, so the table fits a laptop's screen. */
const WRAPPING_COLUMNS: ReadonlySet<string> = new Set(['month']);
const SERVICE_DATES = ['joining', 'retirement', 'birth'] as const;

/**
 * Below 768 px each row is a card: the cells stack, each with its column's name before it (its
 * data-label), since the header row is hidden there.
 */
const CARD_TABLE = 'max-md:block max-md:[&_tbody]:block max-md:[&_thead]:hidden';
const CARD_ROW = 'max-md:block max-md:px-1 max-md:py-2';
const CARD_CELL =
  'max-md:flex max-md:items-start max-md:gap-3 max-md:py-1.5 max-md:before:w-28 max-md:before:shrink-0 max-md:before:text-xs max-md:before:font-semibold max-md:before:text-slate-600 max-md:before:content-[attr(data-label)] max-md:dark:before:text-slate-300';

export interface PayslipsTableProps {
  rows: TPayslip[] | undefined;
  loading: boolean;
  pageSize: number;
  /**
   * With manage_payslips: the select-all and row checkboxes (the selection bar acts on them), and
   * Resend and Mark as sent on a slip that needs a check.
   */
  selectable: boolean;
  selected: ReadonlySet<number>;
  onToggle: (id: number, checked: boolean) => void;
  onToggleAll: (checked: boolean) => void;
}

/** The select-all box, mixed when part of the page is chosen. */
function SelectAll({
  state,
  label,
  onChange,
}: {
  state: 'all' | 'some' | 'none';
  label: string;
  onChange: (checked: boolean) => void;
}) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = state === 'some';
  }, [state]);
  return (
    <input
      ref={box}
      type="checkbox"
      aria-label={label}
      checked={state === 'all'}
      onChange={(event) => onChange(event.target.checked)}
      className="h-4 w-4 rounded border-slate-300 accent-brand-600 focus-visible:outline-2 focus-visible:outline-brand-500"
    />
  );
}

/** The download of a slip or of one of its versions: only once its PDF is ready. */
function DownloadButton({
  slip,
  label,
}: {
  slip: Pick<TPayslipVersion, 'id' | 'download_url' | 'pdf_file_name' | 'pdf_state'>;
  label: string;
}) {
  const { download, isBusy } = usePayslipDownload();
  if (slip.pdf_state !== 'ready') return null;
  const busy = isBusy(slip.id);
  return (
    <IconButton label={label} onClick={() => download(slip)} disabled={busy} aria-busy={busy || undefined}>
      {busy ? <Spinner className="h-4 w-4" /> : <Download aria-hidden="true" className="h-4 w-4" />}
    </IconButton>
  );
}

/**
 * The slips (section 2.14): Employee, Payslip File, Payslip Month, the dates of joining, retirement and
 * birth (one column), WhatsApp (Enabled/Disabled and the language code), the delivery status (with
 * its reason, and a needs-check slip's actions) and the PDF's state, and the download; a slip's earlier versions open under it.
 */
export function PayslipsTable({
  rows,
  loading,
  pageSize,
  selectable,
  selected,
  onToggle,
  onToggleAll,
}: PayslipsTableProps) {
  const { t, i18n } = useTranslation('payslips');
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const columns = COLUMNS.length + (selectable ? 1 : 0);
  const pageIds = (rows ?? []).map((row) => row.id);
  const dash = <span className="text-slate-400 dark:text-slate-500">—</span>;
  const date = (value: string | null) => formatSlipDate(value) || dash;

  const toggleVersions = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <DataTable caption={t('table.caption')} className={CARD_TABLE}>
      <thead>
        <tr>
          {selectable && (
            <Th className="w-10">
              <SelectAll
                state={selectAllState(selected, pageIds)}
                label={t('table.selectAll')}
                onChange={onToggleAll}
              />
            </Th>
          )}
          {COLUMNS.map((column) => (
            <Th
              key={column}
              className={
                column === 'actions'
                  ? 'text-right'
                  : WRAPPING_COLUMNS.has(column)
                    ? 'min-w-24 whitespace-normal!'
                    : undefined
              }
            >
              {t(`table.${column}`)}
            </Th>
          ))}
        </tr>
      </thead>
      <TBody>
        {loading ? (
          <SkeletonRows rows={Math.min(pageSize, 10)} columns={columns} />
        ) : !rows || rows.length === 0 ? (
          <FullRow columns={columns}>
            <EmptyState icon={FileX} title={t('table.empty')} />
          </FullRow>
        ) : (
          rows.map((row) => {
            const expanded = open.has(row.id);
            const versionsId = `payslip-${row.id}-versions`;
            return (
              <Fragment key={row.id}>
                <Tr data-payslip-row={row.sevarth_id} data-pdf-state={row.pdf_state} className={CARD_ROW}>
                  {selectable && (
                    <Td className={cx('w-10', CARD_CELL)} data-label={t('table.selectColumn')}>
                      <input
                        type="checkbox"
                        aria-label={t('table.select', {
                          name: row.employee_name,
                          month: formatSalaryMonth(row.salary_month, i18n.language),
                        })}
                        checked={selected.has(row.id)}
                        onChange={(event) => onToggle(row.id, event.target.checked)}
                        className="h-4 w-4 rounded border-slate-300 accent-brand-600 focus-visible:outline-2 focus-visible:outline-brand-500"
                      />
                    </Td>
                  )}
                  <Td className={cx('min-w-44', CARD_CELL)} data-label={t('table.employee')}>
                    <div>
                      <p className="font-medium text-slate-900 dark:text-white">{row.employee_name}</p>
                      <p className="font-mono text-xs text-slate-600 dark:text-slate-400">{row.sevarth_id}</p>
                      {row.payslip_number && (
                        <p className="text-xs text-slate-600 dark:text-slate-400">
                          {t('table.payslipNumber', { number: row.payslip_number })}
                        </p>
                      )}
                    </div>
                  </Td>
                  <Td className={cx('max-w-56 min-w-36', CARD_CELL)} data-label={t('table.file')}>
                    <div className="min-w-0">
                      <p className="font-mono text-xs break-all">{row.file_name}</p>
                      {!row.consistent && (
                        <p
                          className="mt-1"
                          title={t('table.totals', {
                            gross: formatRupees(row.gross_paise),
                            deductions: formatRupees(row.deductions_paise),
                            net: formatRupees(row.net_paise),
                          })}
                        >
                          <Badge tone="warning">
                            <AlertTriangle aria-hidden="true" className="mr-1 h-3 w-3" />
                            {t('table.inconsistent')}
                          </Badge>
                        </p>
                      )}
                      {row.versions.length > 0 && (
                        <button
                          type="button"
                          aria-expanded={expanded}
                          aria-controls={versionsId}
                          onClick={() => toggleVersions(row.id)}
                          className="mt-1 inline-flex items-center gap-1 rounded text-left text-xs font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-100"
                        >
                          {expanded ? (
                            <ChevronDown aria-hidden="true" className="h-3 w-3" />
                          ) : (
                            <ChevronRight aria-hidden="true" className="h-3 w-3" />
                          )}
                          {t('table.earlierVersions', { count: row.versions.length })}
                        </button>
                      )}
                    </div>
                  </Td>
                  <Td className={cx('min-w-24', CARD_CELL)} data-label={t('table.month')}>
                    {formatSalaryMonth(row.salary_month, i18n.language)}
                  </Td>
                  <Td className={CARD_CELL} data-label={t('table.dates')}>
                    <dl className="grid grid-cols-[auto_auto] gap-x-2 text-xs whitespace-nowrap">
                      {SERVICE_DATES.map((kind) => (
                        <Fragment key={kind}>
                          <dt className="text-slate-600 dark:text-slate-400">{t(`table.${kind}`)}</dt>
                          <dd className="tabular-nums">{date(row[`date_of_${kind}`])}</dd>
                        </Fragment>
                      ))}
                    </dl>
                  </Td>
                  <Td className={cx('whitespace-nowrap', CARD_CELL)} data-label={t('table.whatsapp')}>
                    <Badge tone={row.user.whatsapp_enabled ? 'success' : 'neutral'}>
                      {row.user.whatsapp_enabled ? t('whatsapp.enabled') : t('whatsapp.disabled')}
                    </Badge>
                    <span
                      className="ml-1.5 font-mono text-xs text-slate-600 uppercase dark:text-slate-400"
                      title={t(`languages.${row.user.whatsapp_language}`)}
                    >
                      {row.user.whatsapp_language}
                    </span>
                  </Td>
                  <Td className={CARD_CELL} data-label={t('table.status')}>
                    {/* One block, so the phone's card stacks them under its label rather than side by side. */}
                    <div className="space-y-1">
                      <StatusBadge status={row.status} reason={row.status_reason} />
                      <DeliveryActions slip={row} manage={selectable} />
                      <PdfState state={row.pdf_state} note={row.pdf_note} reason={row.pdf_error} />
                    </div>
                  </Td>
                  <Td className={cx('text-right whitespace-nowrap', CARD_CELL)} data-label={t('table.actions')}>
                    <DownloadButton
                      slip={row}
                      label={t('table.download', {
                        name: row.employee_name,
                        month: formatSalaryMonth(row.salary_month, i18n.language),
                      })}
                    />
                  </Td>
                </Tr>
                {expanded && row.versions.length > 0 && (
                  <tr id={versionsId} className="bg-slate-50 max-md:block dark:bg-slate-800/40">
                    <td colSpan={columns} className="px-4 py-3 max-md:block">
                      <p className="mb-2 text-xs font-semibold tracking-wide text-slate-700 uppercase dark:text-slate-300">
                        {t('versions.title', { name: row.employee_name })}
                      </p>
                      <ul className="space-y-2">
                        {row.versions.map((version) => (
                          <li
                            key={version.id}
                            data-payslip-version={version.version}
                            className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-800 dark:text-slate-200"
                          >
                            <span className="font-medium">{t('versions.version', { version: version.version })}</span>
                            <span className="font-mono text-xs break-all">{version.file_name}</span>
                            <span className="text-xs text-slate-600 dark:text-slate-400">
                              {t('versions.uploaded')} <DateText iso={version.created_at} /> · {t('versions.replaced')}{' '}
                              <DateText iso={version.superseded_at} />
                            </span>
                            <PdfState state={version.pdf_state} note={version.pdf_note} reason={version.pdf_error} />
                            <DownloadButton
                              slip={version}
                              label={t('versions.download', { version: version.version, name: row.employee_name })}
                            />
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })
        )}
      </TBody>
    </DataTable>
  );
}
