import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';
import { Select } from './field';
import { pageRange, shownCount } from './page-range';

export interface PaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** "Showing 1 to 10 of 42 …", announced when it changes. */
  summary: string;
  /** "Page 1 of 5". */
  pageLabel: string;
  previousLabel: string;
  nextLabel: string;
  /** The navigation landmark's name ("Users pages"). */
  label: string;
  pageSize?: { value: number; options: readonly number[]; label: string; onChange: (size: number) => void };
  disabled?: boolean;
}

/** Previous/Next paging with the position in words and, optionally, a page-size choice. */
export function Pagination({
  page,
  totalPages,
  onPageChange,
  summary,
  pageLabel,
  previousLabel,
  nextLabel,
  label,
  pageSize,
  disabled = false,
}: PaginationProps) {
  return (
    <nav
      aria-label={label}
      className="flex flex-col gap-3 border-t border-slate-200 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between dark:border-slate-800"
    >
      <p aria-live="polite" className="text-slate-600 dark:text-slate-400">
        {summary}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {pageSize && (
          <label className="flex items-center gap-2 whitespace-nowrap text-slate-600 dark:text-slate-400">
            <span>{pageSize.label}</span>
            <Select
              value={pageSize.value}
              onChange={(event) => pageSize.onChange(Number(event.target.value))}
              className="h-8 w-20"
              disabled={disabled}
            >
              {pageSize.options.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </Select>
          </label>
        )}
        <Button variant="secondary" size="sm" onClick={() => onPageChange(page - 1)} disabled={disabled || page <= 1}>
          <ChevronLeft aria-hidden="true" className="h-4 w-4" />
          {previousLabel}
        </Button>
        <span className="px-1 whitespace-nowrap text-slate-700 dark:text-slate-300">{pageLabel}</span>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onPageChange(page + 1)}
          disabled={disabled || page >= totalPages}
        >
          {nextLabel}
          <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </Button>
      </div>
    </nav>
  );
}

/**
 * The paging of a list whose texts are the `pagination` keys of the namespace `ns`: label, summary
 * (from, to, total), page (page, pages), previous, next and, with page sizes, pageSize. Choosing
 * another page size goes back to the first page. A capped total (the server stopped counting: there
 * are more) reads "1000+", and so does the number of pages.
 */
export function ListPagination({
  ns,
  page,
  pageSize,
  total,
  totalPages,
  totalCapped = false,
  onPageChange,
  pageSizes,
  disabled,
}: {
  ns: string;
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
  totalCapped?: boolean;
  onPageChange: (page: number) => void;
  pageSizes?: { options: readonly number[]; onChange: (size: number) => void };
  disabled?: boolean;
}) {
  const { t } = useTranslation(ns, { keyPrefix: 'pagination' });
  const { from, to } = pageRange(page, pageSize, total);
  const choosePageSize = (size: number) => {
    pageSizes?.onChange(size);
    onPageChange(1);
  };
  return (
    <Pagination
      label={t('label')}
      page={page}
      totalPages={totalPages}
      onPageChange={onPageChange}
      summary={t('summary', { from, to, total: shownCount(total, totalCapped) })}
      pageLabel={t('page', { page, pages: shownCount(totalPages, totalCapped) })}
      previousLabel={t('previous')}
      nextLabel={t('next')}
      disabled={disabled}
      pageSize={
        pageSizes && { value: pageSize, options: pageSizes.options, label: t('pageSize'), onChange: choosePageSize }
      }
    />
  );
}
