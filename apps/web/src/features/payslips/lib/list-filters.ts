import {
  isMonthYear,
  PAYSLIP_STATUSES,
  PAYSLIPS_PAGE_DEFAULT,
  type PayslipStatus,
} from '@srpf/shared/payslips/payslips.rules';
import type { TPayslip, TPayslipListQuery } from '@srpf/shared';

export type StatusFilter = '' | PayslipStatus;

/** The filters of /salary-finance: the search as applied, the status (All = ''), the month (`YYYY-MM`, or '' for every month). */
export interface PayslipFilters {
  search: string;
  status: StatusFilter;
  month_year: string;
}

export const EMPTY_PAYSLIP_FILTERS: PayslipFilters = { search: '', status: '', month_year: '' };
export const DEFAULT_PAYSLIP_PAGE_SIZE = PAYSLIPS_PAGE_DEFAULT;

/** The query of GET /salary-slip/salaryslips/all; blanks (and a month that is not `YYYY-MM`) are left out. */
export type PayslipListQuery = Pick<TPayslipListQuery, 'page' | 'limit'> &
  Partial<Pick<TPayslipListQuery, 'status' | 'month_year' | 'search' | 'user_id'>>;

export function filtersToQuery(filters: PayslipFilters, page: number, limit: number): PayslipListQuery {
  const query: PayslipListQuery = { page, limit };
  const search = filters.search.trim();
  if (search) query.search = search;
  if ((PAYSLIP_STATUSES as readonly string[]).includes(filters.status)) query.status = filters.status as PayslipStatus;
  if (isMonthYear(filters.month_year)) query.month_year = filters.month_year;
  return query;
}

/** The status filter a link gives (`?status=needs_check`); All for anything that is not a status. */
export function statusFromParam(value: string | null): StatusFilter {
  return (PAYSLIP_STATUSES as readonly string[]).includes(value ?? '') ? (value as PayslipStatus) : '';
}

export const hasActiveFilters = (filters: PayslipFilters): boolean =>
  filters.search.trim() !== '' || filters.status !== '' || filters.month_year !== '';

/**
 * Whether a PDF on the page (or an earlier version's) is being made now: waiting with no reason. One
 * that waits for Chromium, or for its next try, says why and is read with the list's usual 30 s (each
 * look at other people's slips is an audited read).
 */
export function hasPdfBeingMade(
  rows: readonly Pick<TPayslip, 'pdf_state' | 'pdf_note' | 'versions'>[] | undefined,
): boolean {
  const beingMade = (slip: Pick<TPayslip, 'pdf_state' | 'pdf_note'>) =>
    slip.pdf_state === 'waiting' && slip.pdf_note === null;
  return (rows ?? []).some((row) => beingMade(row) || row.versions.some(beingMade));
}

/** The selection after the select-all box is toggled: every row of the page added, or every row of the page removed. */
export function toggleAll(selected: ReadonlySet<number>, pageIds: readonly number[], checked: boolean): Set<number> {
  const next = new Set(selected);
  for (const id of pageIds) {
    if (checked) next.add(id);
    else next.delete(id);
  }
  return next;
}

/** The select-all box: checked when every row of the page is, mixed when some are. */
export function selectAllState(selected: ReadonlySet<number>, pageIds: readonly number[]): 'all' | 'some' | 'none' {
  const count = pageIds.filter((id) => selected.has(id)).length;
  if (count === 0) return 'none';
  return count === pageIds.length ? 'all' : 'some';
}
