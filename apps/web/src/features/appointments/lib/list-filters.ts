import { normalisePhone } from '@srpf/shared/common/phone';
import { LEAVE_REQUEST_TYPE, ORDERLY_ROOM_REQUEST_TYPE } from '@srpf/shared/appointments/appointments.rules';

export type AppointmentTab = 'all' | 'leave' | 'orderly';

export const APPOINTMENT_TABS: readonly AppointmentTab[] = ['all', 'leave', 'orderly'];

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
  leave: LEAVE_REQUEST_TYPE,
  orderly: ORDERLY_ROOM_REQUEST_TYPE,
};

/** The query string of GET /appointments; empty filters are left out. */
export function filtersToQuery(filters: AppointmentFilters, page: number, limit: number): AppointmentListQuery {
  const phone = normalisePhone(filters.phone);
  return {
    page,
    limit,
    search: filters.search.trim() || undefined,
    phone_number: phone || undefined,
    status: filters.status || undefined,
    appointment_date: /^\d{4}-\d{2}-\d{2}$/.test(filters.date) ? filters.date : undefined,
    request_type: TAB_REQUEST_TYPE[filters.tab],
    sortBy: 'created_at',
    sortOrder: 'desc',
  };
}

/** Whether Clear has anything to clear (the tab is not a filter of the controls row). */
export function hasActiveFilters(filters: AppointmentFilters): boolean {
  return filters.search !== '' || filters.phone !== '' || filters.status !== '' || filters.date !== '';
}
