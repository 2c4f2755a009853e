import type { AppointmentListQuery } from '../lib/list-filters';

export const appointmentKeys = {
  all: ['appointments'] as const,
  list: (query: AppointmentListQuery) => ['appointments', 'list', query] as const,
  waiting: (page: number, limit: number) => ['appointments', 'waiting', page, limit] as const,
  detail: (id: number) => ['appointments', 'detail', id] as const,
  myRole: ['appointments', 'my-role'] as const,
  previousCounters: (userId: number) => ['appointments', 'previous-counters', userId] as const,
};
