import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorText } from '../../../lib/error-text';
import { PAYSLIP_PAGE_SIZES } from '@srpf/shared/payslips/payslips.rules';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { cx } from '../../../components/ui/class-names';
import { LoadFailed } from '../../../components/ui/load-failed';
import { ListPagination } from '../../../components/ui/pagination';
import { useCurrentUser } from '../../../lib/current-user';
import { usePayslipStats } from '../api/get-payslip-stats';
import { usePayslips } from '../api/get-payslips';
import { useWhatsappQueue } from '../api/get-whatsapp-queue';
import { OwnPayslipsList } from '../components/own-payslips-list';
import { PayslipFiltersBar } from '../components/payslip-filters';
import { PayslipsTable } from '../components/payslips-table';
import { QueueBanners } from '../components/queue-banners';
import { SelectionBar } from '../components/selection-bar';
import { useSendSelection } from '../components/send-selection';
import { UploadPanel } from '../components/upload-panel';
import {
  DEFAULT_PAYSLIP_PAGE_SIZE,
  EMPTY_PAYSLIP_FILTERS,
  filtersToQuery,
  statusFromParam,
  toggleAll,
  type PayslipFilters,
  type StatusFilter,
} from '../lib/list-filters';
import { payslipRights } from '../lib/payslip-rights';
import { queueBanners } from '../lib/queue-banners';

/**
 * /salary-finance (section 2.14): the title with the number of slips, Upload Salary Slips (with
 * manage_payslips), the WhatsApp queue's notices, the search, status and month filters, the slips with
 * their PDFs, delivery statuses and earlier versions, the selection bar with 'Send via WhatsApp', and
 * paging. Without manage_payslips a person sees their own slips only: month, net pay and Download, the
 * month and status filters folded away below them. `?status=` (the needs-check notice's link) sets the
 * status filter.
 */
export function Component() {
  const { t } = useTranslation('payslips');
  const { actor } = useCurrentUser();
  const rights = useMemo(() => payslipRights(actor), [actor]);
  const [params, setParams] = useSearchParams();
  const urlStatus = statusFromParam(params.get('status'));
  const [filters, setFilters] = useState<PayslipFilters>(() => ({ ...EMPTY_PAYSLIP_FILTERS, status: urlStatus }));
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAYSLIP_PAGE_SIZE);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [seenStatus, setSeenStatus] = useState<StatusFilter>(urlStatus);
  const list = usePayslips(filtersToQuery(filters, page, pageSize));
  const rows = list.data?.data.payslips;
  const stats = usePayslipStats();
  const queue = useWhatsappQueue(rights.readQueue);
  // The names of the people of every slip chosen (a selection may span pages), for the send's result.
  const names = useRef(new Map<number, string>());
  const nameOf = useCallback((id: number) => names.current.get(id), []);
  const noteNames = (ids: readonly number[]) => {
    for (const row of rows ?? []) if (ids.includes(row.id)) names.current.set(row.id, row.employee_name);
  };

  const clearSelection = useCallback(() => setSelected(new Set()), []);
  const sendSelection = useSendSelection({ selected, nameOf, onSent: clearSelection });

  const changeFilters = useCallback(
    (next: PayslipFilters) => {
      setFilters(next);
      setPage(1);
      setSelected(new Set());
      setSeenStatus(next.status);
      if ((params.get('status') ?? '') !== next.status)
        setParams(
          (current) => {
            const updated = new URLSearchParams(current);
            if (next.status) updated.set('status', next.status);
            else updated.delete('status');
            return updated;
          },
          { replace: true },
        );
    },
    [params, setParams],
  );

  // A link to ?status=… while the page is open (the needs-check notice) applies that filter.
  if (urlStatus !== seenStatus) {
    setSeenStatus(urlStatus);
    setFilters((current) => ({ ...current, status: urlStatus }));
    setPage(1);
    setSelected(new Set());
  }

  // Another page size starts again from the first page, with nothing chosen (as a filter does).
  const changePageSize = useCallback((size: number) => {
    setPageSize(size);
    setPage(1);
    setSelected(new Set());
  }, []);

  // A narrower filter (or slips gone) can leave the page past the last one.
  const lastPage = list.data?.data.totalPages;
  if (lastPage !== undefined && lastPage > 0 && page > lastPage) setPage(lastPage);

  const failed = list.isError && list.data === undefined;
  const total = stats.data?.total;

  /** The list (the table, or one's own slips) with its paging, or the failure with Retry: one block for both. */
  const listBlock = (content: ReactNode, frame: string) =>
    failed ? (
      <LoadFailed
        message={t('errors.load', { message: errorText(list.error) })}
        onRetry={() => void list.refetch()}
        className={cx(frame, 'px-4 py-10')}
      />
    ) : (
      <div
        aria-busy={list.isFetching}
        className={cx(frame, 'transition-opacity', list.isPlaceholderData && 'opacity-60')}
      >
        {content}
        <ListPagination
          ns="payslips"
          page={page}
          pageSize={pageSize}
          total={list.data?.data.total ?? 0}
          totalPages={Math.max(1, list.data?.data.totalPages ?? 1)}
          onPageChange={setPage}
          pageSizes={{ options: PAYSLIP_PAGE_SIZES, onChange: changePageSize }}
          disabled={list.data === undefined}
        />
      </div>
    );

  return (
    <div className="mx-auto max-w-screen-2xl space-y-6">
      <div className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold text-slate-900 dark:text-slate-50">{t('page.title')}</h1>
          {total !== undefined && (
            <Badge tone="primary" className="text-sm">
              <span aria-hidden="true">{total.toLocaleString('en-IN')}</span>
              <span className="sr-only">{t('page.count', { count: total })}</span>
            </Badge>
          )}
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {rights.manage ? t('page.description') : t('page.descriptionOwn')}
        </p>
      </div>

      {rights.upload && <UploadPanel />}

      {rights.readQueue && <QueueBanners banners={queueBanners(queue.data, rights.resumeQueue)} />}

      {rights.manage ? (
        <Card>
          <PayslipFiltersBar filters={filters} onChange={changeFilters} />
          {sendSelection.result}
          {selected.size > 0 && (
            <SelectionBar
              count={selected.size}
              sending={sendSelection.sending}
              onSend={sendSelection.ask}
              onClear={clearSelection}
            />
          )}
          {sendSelection.dialog}
          {listBlock(
            <PayslipsTable
              rows={rows}
              loading={list.data === undefined}
              pageSize={pageSize}
              selectable={rights.manage}
              selected={selected}
              onToggle={(id, checked) => {
                noteNames([id]);
                setSelected((current) => {
                  const next = new Set(current);
                  if (checked) next.add(id);
                  else next.delete(id);
                  return next;
                });
              }}
              onToggleAll={(checked) => {
                const ids = (rows ?? []).map((row) => row.id);
                noteNames(ids);
                setSelected((current) => toggleAll(current, ids, checked));
              }}
            />,
            'border-t border-slate-200 dark:border-slate-800',
          )}
        </Card>
      ) : (
        <Card>
          {listBlock(<OwnPayslipsList rows={rows} loading={list.data === undefined} />, '')}
          <details className="border-t border-slate-200 dark:border-slate-800">
            <summary className="cursor-pointer px-4 py-3 text-sm font-medium text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-100">
              {t('own.filters')}
            </summary>
            <PayslipFiltersBar filters={filters} onChange={changeFilters} withSearch={false} />
          </details>
        </Card>
      )}
    </div>
  );
}
