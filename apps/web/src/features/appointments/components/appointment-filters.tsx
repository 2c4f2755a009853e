import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SlidersHorizontal, X } from 'lucide-react';
import { APPOINTMENT_STATUSES } from '@srpf/shared/common/status';
import { Button } from '../../../components/ui/button';
import { Field, Input, Select } from '../../../components/ui/field';
import { TypedDateFilter } from '../../../components/ui/typed-date-filter';
import { useStateResetOn } from '../../../lib/use-state-reset-on';
import { hasActiveFilters, type AppointmentFilters } from '../lib/list-filters';

const TYPING_DELAY_MS = 300;

/**
 * Search, phone, status and date, and Clear; typed text applies after a short pause. On a phone only
 * the search shows until "More filters" opens the rest, so the list starts on the first screen.
 */
export function AppointmentFiltersBar({
  filters,
  onChange,
}: {
  filters: AppointmentFilters;
  onChange: (next: AppointmentFilters) => void;
}) {
  const { t } = useTranslation('appointments');
  // Clear (or any outside change) replaces what is typed but not yet applied.
  const [search, setSearch] = useStateResetOn(filters.search, filters.search);
  const [phone, setPhone] = useStateResetOn(filters.phone, filters.phone);

  const moreId = useId();
  const [moreOpen, setMoreOpen] = useState(false);

  useEffect(() => {
    if (search === filters.search && phone === filters.phone) return;
    const timer = setTimeout(() => onChange({ ...filters, search, phone }), TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, phone, filters, onChange]);

  return (
    <div className="grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end">
      <Field label={t('filters.search')}>
        {({ id }) => (
          <Input
            id={id}
            type="search"
            value={search}
            placeholder={t('filters.searchPlaceholder')}
            onChange={(event) => setSearch(event.target.value)}
          />
        )}
      </Field>
      <Button
        variant="secondary"
        className="md:hidden"
        aria-expanded={moreOpen}
        aria-controls={moreId}
        onClick={() => setMoreOpen((open) => !open)}
      >
        <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
        {t('filters.more')}
      </Button>
      <div id={moreId} className={moreOpen ? 'contents' : 'hidden md:contents'}>
        <Field label={t('filters.phone')}>
          {({ id }) => (
            <Input
              id={id}
              type="tel"
              inputMode="tel"
              value={phone}
              placeholder={t('filters.phonePlaceholder')}
              onChange={(event) => setPhone(event.target.value)}
            />
          )}
        </Field>
        <Field label={t('filters.status')}>
          {({ id }) => (
            <Select
              id={id}
              value={filters.status}
              onChange={(event) => onChange({ ...filters, status: event.target.value })}
            >
              <option value="">{t('filters.allStatuses')}</option>
              {APPOINTMENT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`status.${status}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <TypedDateFilter
          label={t('filters.date')}
          value={filters.date}
          onApply={(date) => onChange({ ...filters, date })}
        />
        <Button
          variant="secondary"
          disabled={!hasActiveFilters(filters) && search === '' && phone === ''}
          onClick={() => onChange({ ...filters, search: '', phone: '', status: '', date: '' })}
        >
          <X aria-hidden="true" className="h-4 w-4" />
          {t('filters.clear')}
        </Button>
      </div>
    </div>
  );
}
