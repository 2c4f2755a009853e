import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Search, SlidersHorizontal, X } from 'lucide-react';
import { DGP_ID_MAX } from '@srpf/shared/users/users.rules';
import { useCompanyOptions } from '../../../api/lookups/get-companies';
import { Button } from '../../../components/ui/button';
import { Checkbox, Field, Input, Select } from '../../../components/ui/field';
import { useRoleNames } from '../api/get-roles';
import { useStateResetOn } from '../../../lib/use-state-reset-on';
import { FALLBACK_ROLES, SUPERADMIN } from '../lib/roles';
import { EMPTY_USER_FILTERS, hasActiveFilters, type StatusFilter, type UserFilters } from '../lib/user-filters';
import { RoleOptions } from './role-options';

const SEARCH_DELAY_MS = 300;

/**
 * Search (applied as one types, after a short pause), the collapsible filters and Clear Filters.
 * Phone and DGP ID apply when Enter is pressed (document 2, section 2.6).
 */
export function UserFiltersBar({ filters, onChange }: { filters: UserFilters; onChange: (next: UserFilters) => void }) {
  const { t } = useTranslation('users');
  const panelId = useId();
  const [open, setOpen] = useState(false);
  // Clear Filters (or any outside change) resets what is typed but not yet applied.
  const [search, setSearch] = useStateResetOn(filters.search, filters.search);
  const [phone, setPhone] = useStateResetOn(filters.phone, filters.phone);
  const [dgpId, setDgpId] = useStateResetOn(filters.dgp_id, filters.dgp_id);
  const roleNames = useRoleNames(FALLBACK_ROLES);
  const roles = roleNames.includes(SUPERADMIN) ? roleNames : [SUPERADMIN, ...roleNames];
  const companies = useCompanyOptions(open);

  useEffect(() => {
    if (search === filters.search) return;
    const timer = setTimeout(() => onChange({ ...filters, search }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, filters, onChange]);

  const set = <K extends keyof UserFilters>(key: K, value: UserFilters[K]) => onChange({ ...filters, [key]: value });
  const active = hasActiveFilters(filters) || search !== '' || phone !== '' || dgpId !== '';

  return (
    <div className="space-y-4 p-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <label htmlFor={`${panelId}-search`} className="sr-only">
            {t('filters.search')}
          </label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
          />
          <Input
            id={`${panelId}-search`}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') onChange({ ...filters, search });
            }}
            placeholder={t('filters.searchPlaceholder')}
            className="pl-9"
          />
        </div>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((shown) => !shown)}
          >
            <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
            {t('filters.toggle')}
          </Button>
          <Button
            variant="ghost"
            disabled={!active}
            onClick={() => {
              setSearch('');
              setPhone('');
              setDgpId('');
              onChange(EMPTY_USER_FILTERS);
            }}
          >
            <X aria-hidden="true" className="h-4 w-4" />
            {t('filters.clear')}
          </Button>
        </div>
      </div>

      <div
        id={panelId}
        hidden={!open}
        className="grid gap-4 border-t border-slate-200 pt-4 sm:grid-cols-2 lg:grid-cols-3 dark:border-slate-800"
      >
        <Field label={t('filters.role')}>
          {({ id }) => (
            <Select id={id} value={filters.role} onChange={(event) => set('role', event.target.value)}>
              <option value="">{t('filters.allRoles')}</option>
              <RoleOptions roles={roles} />
            </Select>
          )}
        </Field>
        <Field label={t('filters.company')}>
          {({ id }) => (
            <Select id={id} value={filters.company_id} onChange={(event) => set('company_id', event.target.value)}>
              <option value="">{t('filters.allCompanies')}</option>
              {companies.data?.map((company) => (
                <option key={company.id} value={String(company.id)}>
                  {company.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('filters.status')}>
          {({ id }) => (
            <Select
              id={id}
              value={filters.status}
              onChange={(event) => set('status', event.target.value as StatusFilter)}
            >
              <option value="">{t('filters.allStatuses')}</option>
              <option value="active">{t('status.active')}</option>
              <option value="inactive">{t('status.inactive')}</option>
            </Select>
          )}
        </Field>
        <Field label={t('filters.phone')} hint={t('filters.enterToApply')}>
          {({ id, describedBy }) => (
            <Input
              id={id}
              type="tel"
              inputMode="numeric"
              value={phone}
              aria-describedby={describedBy}
              onChange={(event) => setPhone(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') set('phone', phone.trim());
              }}
            />
          )}
        </Field>
        <Field label={t('filters.dgpId')} hint={t('filters.enterToApply')}>
          {({ id, describedBy }) => (
            <Input
              id={id}
              value={dgpId}
              maxLength={DGP_ID_MAX}
              className="uppercase"
              aria-describedby={describedBy}
              onChange={(event) => setDgpId(event.target.value.toUpperCase())}
              onKeyDown={(event) => {
                if (event.key === 'Enter') set('dgp_id', dgpId.trim());
              }}
            />
          )}
        </Field>
        <div className="flex items-end pb-2">
          <Checkbox
            label={t('filters.includeDeleted')}
            checked={filters.include_deleted}
            onChange={(event) => set('include_deleted', event.target.checked)}
          />
        </div>
      </div>
    </div>
  );
}
