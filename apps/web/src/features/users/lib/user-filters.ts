import { normalisePhone } from '@srpf/shared/common/phone';

export type StatusFilter = '' | 'active' | 'inactive';

/** The filters of the users screen; phone and DGP ID here are the applied values (Enter applies them). */
export interface UserFilters {
  search: string;
  role: string;
  company_id: string;
  status: StatusFilter;
  phone: string;
  dgp_id: string;
  include_deleted: boolean;
}

export const EMPTY_USER_FILTERS: UserFilters = {
  search: '',
  role: '',
  company_id: '',
  status: '',
  phone: '',
  dgp_id: '',
  include_deleted: false,
};

export const USER_PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_USER_PAGE_SIZE = 10;

export type UserListQuery = Record<string, string | number | boolean | undefined>;

/** The query string of GET /users for the filters and the page; empty filters are left out. */
export function filtersToQuery(filters: UserFilters, page: number, limit: number): UserListQuery {
  const phone = normalisePhone(filters.phone);
  const dgpId = filters.dgp_id.trim().toUpperCase();
  return {
    page,
    limit,
    search: filters.search.trim() || undefined,
    role: filters.role || undefined,
    company_id: filters.company_id || undefined,
    is_active: filters.status === '' ? undefined : filters.status === 'active',
    phone: phone || undefined,
    dgp_id: dgpId || undefined,
    include_deleted: filters.include_deleted || undefined,
  };
}

/** Whether anything narrows the list, so Clear Filters has something to clear. */
export function hasActiveFilters(filters: UserFilters): boolean {
  return (Object.keys(EMPTY_USER_FILTERS) as (keyof UserFilters)[]).some(
    (key) => filters[key] !== EMPTY_USER_FILTERS[key],
  );
}
