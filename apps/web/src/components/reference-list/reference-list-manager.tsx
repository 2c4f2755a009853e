import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Filter, Plus, X } from 'lucide-react';
import { useCurrentUser } from '../../lib/current-user';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { cx } from '../ui/class-names';
import { Field, Input, Select } from '../ui/field';
import { PageHeader } from '../ui/page-header';
import { pageRange } from '../ui/page-range';
import { Pagination } from '../ui/pagination';
import { useReferenceList, useReferenceTotal } from './get-reference-list';
import {
  EMPTY_REFERENCE_FILTERS,
  referenceListQuery,
  type ActiveFilter,
  type ReferenceFilters,
} from './reference-form';
import { ReferenceFormModal } from './reference-form-modal';
import { ReferenceTable } from './reference-table';
import type { ReferenceKind, ReferenceRow } from './reference-kind';

const SKELETON_ROWS = 8;
const SEARCH_DELAY_MS = 300;

/**
 * The screen of a name-code-active list (document 2, sections 2.7 and 2.8): the total, a Filters
 * toggle, the New (or Add) button, the filter panel, the table with paging, and the create/edit modal
 * (create when no row is chosen). `level` 2 where Settings shows it as a tab, under its heading.
 */
export function ReferenceListManager({ kind, level = 1 }: { kind: ReferenceKind; level?: 1 | 2 }) {
  const { t } = useTranslation(kind.namespace);
  const panelId = useId();
  const canManage = useCurrentUser().can(kind.permission);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [filters, setFilters] = useState<ReferenceFilters>(EMPTY_REFERENCE_FILTERS);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ row: ReferenceRow | null } | null>(null);
  const list = useReferenceList(kind, referenceListQuery(filters, page, kind.pageSize));
  const total = useReferenceTotal(kind);

  useEffect(() => {
    if (typed.trim() === filters.search) return;
    const timer = setTimeout(() => {
      setFilters((current) => ({ ...current, search: typed.trim() }));
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, filters.search]);

  // A page past the last one (after a delete) moves to the last, before anything renders from it.
  const lastPage = list.data?.pagination.totalPages;
  if (lastPage !== undefined && page > lastPage) setPage(lastPage);

  const pagination = list.data?.pagination;
  const count = pagination?.total ?? 0;
  const pages = pagination?.totalPages ?? 1;
  const { from, to } = pageRange(page, kind.pageSize, count);
  const rows = list.data?.data;

  return (
    <div className="space-y-6">
      <PageHeader
        level={level}
        eyebrow={kind.eyebrowKey ? t(kind.eyebrowKey) : undefined}
        title={t('page.title')}
        actions={
          <>
            <p className="mr-2 rounded-lg border border-slate-200 bg-white px-3 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900">
              <span className="text-slate-600 dark:text-slate-400">{t('page.total')}</span>{' '}
              <span className="font-semibold tabular-nums text-slate-900 dark:text-white">
                {total.data === undefined ? '…' : total.data.toLocaleString('en-IN')}
              </span>
            </p>
            <Button
              variant="secondary"
              aria-expanded={filtersOpen}
              aria-controls={panelId}
              onClick={() => setFiltersOpen((open) => !open)}
            >
              <Filter aria-hidden="true" className="h-4 w-4" />
              {t('filters.toggle')}
            </Button>
            {canManage && (
              <Button onClick={() => setEditing({ row: null })}>
                <Plus aria-hidden="true" className="h-4 w-4" />
                {t('page.new')}
              </Button>
            )}
          </>
        }
      />

      <Card>
        <div id={panelId} hidden={!filtersOpen} className="border-b border-slate-200 p-4 dark:border-slate-800">
          <div className="grid gap-4 sm:grid-cols-[2fr_1fr_auto] sm:items-end">
            <Field label={t('filters.search')}>
              {({ id }) => (
                <Input
                  id={id}
                  type="search"
                  value={typed}
                  onChange={(event) => setTyped(event.target.value)}
                  placeholder={t('filters.searchPlaceholder')}
                />
              )}
            </Field>
            <Field label={t('filters.active')}>
              {({ id }) => (
                <Select
                  id={id}
                  value={filters.active}
                  onChange={(event) => {
                    setFilters((current) => ({ ...current, active: event.target.value as ActiveFilter }));
                    setPage(1);
                  }}
                >
                  <option value="">{t('filters.all')}</option>
                  <option value="true">{t('filters.true')}</option>
                  <option value="false">{t('filters.false')}</option>
                </Select>
              )}
            </Field>
            <Button
              variant="ghost"
              onClick={() => {
                setTyped('');
                setFilters(EMPTY_REFERENCE_FILTERS);
                setPage(1);
              }}
            >
              <X aria-hidden="true" className="h-4 w-4" />
              {t('filters.clear')}
            </Button>
          </div>
        </div>

        {list.isError && rows === undefined ? (
          <div role="alert" className="px-4 py-10 text-center">
            <p className="font-medium text-red-700 dark:text-red-400">{t('messages.loadFailed')}</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => void list.refetch()}>
              {t('retry', { ns: 'common' })}
            </Button>
          </div>
        ) : (
          <div aria-busy={list.isFetching} className={cx('transition-opacity', list.isPlaceholderData && 'opacity-60')}>
            <ReferenceTable
              kind={kind}
              rows={rows}
              canManage={canManage}
              skeletonRows={SKELETON_ROWS}
              onEdit={(row) => setEditing({ row })}
            />
            <Pagination
              label={t('pagination.label')}
              page={page}
              totalPages={pages}
              onPageChange={setPage}
              summary={t('pagination.summary', { from, to, total: count })}
              pageLabel={t('pagination.page', { page, pages })}
              previousLabel={t('pagination.previous')}
              nextLabel={t('pagination.next')}
              disabled={rows === undefined}
            />
          </div>
        )}
      </Card>

      {editing && (
        <ReferenceFormModal
          key={editing.row?.id ?? 'new'}
          kind={kind}
          row={editing.row}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
