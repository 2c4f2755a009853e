import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';
import { Select } from './field';

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
export function Pagination({ page, totalPages, onPageChange, summary, pageLabel, previousLabel, nextLabel, label, pageSize, disabled = false }: PaginationProps) {
  return (
    <nav aria-label={label} className="flex flex-col gap-3 border-t border-slate-200 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
      <p aria-live="polite" className="text-slate-600 dark:text-slate-400">
        {summary}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {pageSize && (
          <label className="flex items-center gap-2 whitespace-nowrap text-slate-600 dark:text-slate-400">
            <span>{pageSize.label}</span>
            <Select value={pageSize.value} onChange={(event) => pageSize.onChange(Number(event.target.value))} className="h-8 w-20" disabled={disabled}>
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
        <Button variant="secondary" size="sm" onClick={() => onPageChange(page + 1)} disabled={disabled || page >= totalPages}>
          {nextLabel}
          <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </Button>
      </div>
    </nav>
  );
}
