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

/** The list's order by date: today first (then later days, then the past), or the latest date first. */
export type DateOrder = 'today_first' | 'latest_first';
export const DEFAULT_DATE_ORDER: DateOrder = 'today_first';

/** The query string of GET /appointments; empty filters are left out. */
export function filtersToQuery(
  filters: AppointmentFilters,
  page: number,
  limit: number,
  order: DateOrder = DEFAULT_DATE_ORDER,
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
    sortBy: order === 'today_first' ? 'upcoming' : 'appointment_date',
    sortOrder: order === 'today_first' ? 'asc' : 'desc',
  };
}

/** Whether Clear has anything to clear (the tab is not a filter of the controls row). */
export function hasActiveFilters(filters: AppointmentFilters): boolean {
  return filters.search !== '' || filters.phone !== '' || filters.status !== '' || filters.date !== '';
}
