import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Search, X } from 'lucide-react';
import { PAYSLIP_STATUSES, PAYSLIPS_SEARCH_MAX } from '@srpf/shared/payslips/payslips.rules';
import { Button } from '../../../components/ui/button';
import { Field, Input, Select } from '../../../components/ui/field';
import { useStateResetOn } from '../../../lib/use-state-reset-on';
import { EMPTY_PAYSLIP_FILTERS, hasActiveFilters, type PayslipFilters, type StatusFilter } from '../lib/list-filters';

const SEARCH_DELAY_MS = 300;

/**
 * Search (by employee name or payslip number, applied after a short pause), the status filter and the
 * month picker (section 2.14). `withSearch` false leaves the search out: a person's own few slips
 * need no search by name.
 */
export function PayslipFiltersBar({
  filters,
  onChange,
  withSearch = true,
}: {
  filters: PayslipFilters;
  onChange: (next: PayslipFilters) => void;
  withSearch?: boolean;
}) {
  const { t } = useTranslation('payslips');
  const ids = useId();
  // Clear (or any outside change) resets what is typed but not yet applied.
  const [search, setSearch] = useStateResetOn(filters.search, filters.search);

  useEffect(() => {
    if (search === filters.search) return;
    const timer = setTimeout(() => onChange({ ...filters, search }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, filters, onChange]);

  const active = hasActiveFilters(filters) || search !== '';

  return (
    <div
      className={
        withSearch
          ? 'grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-end'
          : 'grid gap-3 p-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end'
      }
    >
      {withSearch && (
        <div>
          <label
            htmlFor={`${ids}-search`}
            className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200"
          >
            {t('filters.search')}
          </label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
            />
            <Input
              id={`${ids}-search`}
              type="search"
              value={search}
              maxLength={PAYSLIPS_SEARCH_MAX}
              placeholder={t('filters.searchPlaceholder')}
              onChange={(event) => setSearch(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') onChange({ ...filters, search });
              }}
              className="pl-9"
            />
          </div>
        </div>
      )}
      <Field label={t('filters.status')}>
        {({ id }) => (
          <Select
            id={id}
            value={filters.status}
            onChange={(event) => onChange({ ...filters, status: event.target.value as StatusFilter })}
          >
            <option value="">{t('filters.allStatuses')}</option>
            {PAYSLIP_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`status.${status}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('filters.month')}>
        {({ id }) => (
          <Input
            id={id}
            type="month"
            value={filters.month_year}
            onChange={(event) => onChange({ ...filters, month_year: event.target.value })}
          />
        )}
      </Field>
      <Button
        variant="ghost"
        disabled={!active}
        onClick={() => {
          setSearch('');
          onChange(EMPTY_PAYSLIP_FILTERS);
        }}
      >
        <X aria-hidden="true" className="h-4 w-4" />
        {t('filters.clear')}
      </Button>
    </div>
  );
}
