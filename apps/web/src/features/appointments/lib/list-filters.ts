import { normalisePhone } from '@srpf/shared/common/phone';
import { LEAVE_REQUEST_TYPE, ORDERLY_ROOM_REQUEST_TYPE } from '@srpf/shared/appointments/appointments.rules';

export type AppointmentTab = 'all' | 'leave' | 'orderly' | 'waiting';

export const APPOINTMENT_TABS: readonly AppointmentTab[] = ['all', 'leave', 'orderly'];
/** "Waiting for me" first, for people who take a step of the chain. */
export const APPOINTMENT_TABS_WITH_WAITING: readonly AppointmentTab[] = ['waiting', ...APPOINTMENT_TABS];

/** The list's filters; the tab picks the request type (document 2, section 2.2). */
export interface AppointmentFilters {
  tab: AppointmentTab;
  search: string;
  phone: string;
  status: string;
  date: string;
}

export const EMPTY_APPOINTMENT_FILTERS: AppointmentFilters = {
  tab: 'all',
  search: '',
  phone: '',
  status: '',
  date: '',
};

export type AppointmentListQuery = Record<string, string | number | undefined>;

const TAB_REQUEST_TYPE: Record<AppointmentTab, string | undefined> = {
  all: undefined,
  waiting: undefined,
  leave: LEAVE_REQUEST_TYPE,
  orderly: ORDERLY_ROOM_REQUEST_TYPE,
};

/**
 * The list's order: by date, today first (then later days, then the past) or the latest date first;
 * or by the applicant's name or the status, either way.
 */
export type ListOrder = 'today_first' | 'latest_first' | 'name_asc' | 'name_desc' | 'status_asc' | 'status_desc';
export const DEFAULT_LIST_ORDER: ListOrder = 'today_first';

/** The column a list order sorts, and its direction. */
export type SortColumn = 'date' | 'name' | 'status';
export function sortColumnOf(order: ListOrder): { column: SortColumn; ascending: boolean } {
  if (order === 'today_first' || order === 'latest_first')
    return { column: 'date', ascending: order === 'today_first' };
  const [column, direction] = order.split('_') as ['name' | 'status', 'asc' | 'desc'];
  return { column, ascending: direction === 'asc' };
}

/** A click on a column's header: that column's first order, or the other way when it already sorts the list. */
export function nextListOrder(current: ListOrder, column: SortColumn): ListOrder {
  const { column: sorted, ascending } = sortColumnOf(current);
  if (column === 'date') return sorted === 'date' && ascending ? 'latest_first' : 'today_first';
  return sorted === column && ascending ? `${column}_desc` : `${column}_asc`;
}

const SORT_QUERY: Record<ListOrder, { sortBy: string; sortOrder: 'asc' | 'desc' }> = {
  today_first: { sortBy: 'upcoming', sortOrder: 'asc' },
  latest_first: { sortBy: 'appointment_date', sortOrder: 'desc' },
  name_asc: { sortBy: 'full_name', sortOrder: 'asc' },
  name_desc: { sortBy: 'full_name', sortOrder: 'desc' },
  status_asc: { sortBy: 'status', sortOrder: 'asc' },
  status_desc: { sortBy: 'status', sortOrder: 'desc' },
};

/** The query string of GET /appointments; empty filters are left out. */
export function filtersToQuery(
  filters: AppointmentFilters,
  page: number,
  limit: number,
  order: ListOrder = DEFAULT_LIST_ORDER,
): AppointmentListQuery {
  const phone = normalisePhone(filters.phone);
  return {
    page,
    limit,
    search: filters.search.trim() || undefined,
    phone_number: phone || undefined,
    status: filters.status || undefined,
    appointment_date: /^\d{4}-\d{2}-\d{2}$/.test(filters.date) ? filters.date : undefined,
    request_type: TAB_REQUEST_TYPE[filters.tab],
    ...SORT_QUERY[order],
  };
}

/** Whether Clear has anything to clear (the tab is not a filter of the controls row). */
export function hasActiveFilters(filters: AppointmentFilters): boolean {
  return filters.search !== '' || filters.phone !== '' || filters.status !== '' || filters.date !== '';
}
