import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { OwnPayslipsList } from '../components/own-payslips-list';
import { PayslipFiltersBar } from '../components/payslip-filters';
import { PayslipsTable } from '../components/payslips-table';
import { SelectionBar } from '../components/selection-bar';
import { UploadPanel } from '../components/upload-panel';
import {
  DEFAULT_PAYSLIP_PAGE_SIZE,
  EMPTY_PAYSLIP_FILTERS,
  filtersToQuery,
  toggleAll,
  type PayslipFilters,
} from '../lib/list-filters';
import { payslipRights } from '../lib/payslip-rights';

/**
 * /salary-finance (section 2.14): the title with the number of slips, Upload Salary Slips (with
 * manage_payslips), the search, status and month filters, the slips with their PDFs and earlier
 * versions, the selection bar and paging. Without manage_payslips a person sees their own slips only:
 * month, net pay and Download, the month and status filters folded away below them.
 */
export function Component() {
  const { t } = useTranslation('payslips');
  const { actor } = useCurrentUser();
  const rights = useMemo(() => payslipRights(actor), [actor]);
  const [filters, setFilters] = useState<PayslipFilters>(EMPTY_PAYSLIP_FILTERS);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAYSLIP_PAGE_SIZE);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const list = usePayslips(filtersToQuery(filters, page, pageSize));
  const stats = usePayslipStats();

  const changeFilters = useCallback((next: PayslipFilters) => {
    setFilters(next);
    setPage(1);
    setSelected(new Set());
  }, []);

  // Another page size starts again from the first page, with nothing chosen (as a filter does).
  const changePageSize = useCallback((size: number) => {
    setPageSize(size);
    setPage(1);
    setSelected(new Set());
  }, []);

  // A narrower filter (or slips gone) can leave the page past the last one.
  const lastPage = list.data?.data.totalPages;
  if (lastPage !== undefined && lastPage > 0 && page > lastPage) setPage(lastPage);

  const rows = list.data?.data.payslips;
  const failed = list.isError && list.data === undefined;
  const total = stats.data?.total;

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

      {rights.manage ? (
        <Card>
          <PayslipFiltersBar filters={filters} onChange={changeFilters} />
          {rights.manage && selected.size > 0 && (
            <SelectionBar count={selected.size} onClear={() => setSelected(new Set())} />
          )}
          {failed ? (
            <LoadFailed
              message={t('errors.load', { message: errorText(list.error) })}
              onRetry={() => void list.refetch()}
              className="border-t border-slate-200 px-4 py-10 dark:border-slate-800"
            />
          ) : (
            <div
              aria-busy={list.isFetching}
              className={cx(
                'border-t border-slate-200 transition-opacity dark:border-slate-800',
                list.isPlaceholderData && 'opacity-60',
              )}
            >
              <PayslipsTable
                rows={rows}
                loading={list.data === undefined}
                pageSize={pageSize}
                selectable={rights.manage}
                selected={selected}
                onToggle={(id, checked) =>
                  setSelected((current) => {
                    const next = new Set(current);
                    if (checked) next.add(id);
                    else next.delete(id);
                    return next;
                  })
                }
                onToggleAll={(checked) =>
                  setSelected((current) =>
                    toggleAll(
                      current,
                      (rows ?? []).map((row) => row.id),
                      checked,
                    ),
                  )
                }
              />
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
          )}
        </Card>
      ) : (
        <Card>
          {failed ? (
            <LoadFailed
              message={t('errors.load', { message: errorText(list.error) })}
              onRetry={() => void list.refetch()}
              className="px-4 py-10"
            />
          ) : (
            <div
              aria-busy={list.isFetching}
              className={cx('transition-opacity', list.isPlaceholderData && 'opacity-60')}
            >
              <OwnPayslipsList rows={rows} loading={list.data === undefined} />
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
          )}
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
