import { HEALTH_STATES, type THealthState } from '@srpf/shared/health/system-health.schemas';

/** The spec's status filter: All Systems, Healthy, Warning, Critical. */
export const STATUS_FILTERS = ['all', ...HEALTH_STATES] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export function isStatusFilter(value: unknown): value is StatusFilter {
  return (STATUS_FILTERS as readonly unknown[]).includes(value);
}

/** The cards the filter keeps: every one for All Systems, else those in that state. */
export function filterByStatus<T extends { status: THealthState }>(items: readonly T[], filter: StatusFilter): T[] {
  return filter === 'all' ? [...items] : items.filter((item) => item.status === filter);
}
