import { describe, expect, it } from 'vitest';
import { EMPTY_USER_FILTERS, filtersToQuery, hasActiveFilters } from './user-filters';

describe('filtersToQuery', () => {
  it('sends only the page and limit when nothing is filtered', () => {
    expect(filtersToQuery(EMPTY_USER_FILTERS, 1, 10)).toEqual({
      page: 1,
      limit: 10,
      search: undefined,
      role: undefined,
      company_id: undefined,
      is_active: undefined,
      phone: undefined,
      dgp_id: undefined,
      include_deleted: undefined,
    });
  });

  it('maps each filter to its parameter', () => {
    const query = filtersToQuery(
      {
        search: '  patil ',
        role: 'officer',
        company_id: '3',
        status: 'inactive',
        phone: '+91 98765 43210',
        dgp_id: ' srpfpun1011 ',
        include_deleted: true,
      },
      2,
      25,
    );
    expect(query).toEqual({
      page: 2,
      limit: 25,
      search: 'patil',
      role: 'officer',
      company_id: '3',
      is_active: false,
      phone: '9876543210',
      dgp_id: 'SRPFPUN1011',
      include_deleted: true,
    });
    expect(filtersToQuery({ ...EMPTY_USER_FILTERS, status: 'active' }, 1, 10).is_active).toBe(true);
  });
});

describe('hasActiveFilters', () => {
  it('is false for the empty filters and true once anything is set', () => {
    expect(hasActiveFilters(EMPTY_USER_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_USER_FILTERS, include_deleted: true })).toBe(true);
    expect(hasActiveFilters({ ...EMPTY_USER_FILTERS, dgp_id: 'X' })).toBe(true);
  });
});
