import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPreviousLeaveCounters, TPreviousLeaveCountersResponse } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import { appointmentKeys } from './query-keys';

/** GET /appointments/leave/previous-counters?user_id=: the person's latest leave request's counters, or null. */
export async function getPreviousLeaveCounters(userId: number): Promise<TPreviousLeaveCounters | null> {
  return (
    await api<TPreviousLeaveCountersResponse>('/appointments/leave/previous-counters', {
      query: { user_id: String(userId) },
    })
  ).data.previous;
}

export const previousLeaveCountersQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: appointmentKeys.previousCounters(userId),
    queryFn: () => getPreviousLeaveCounters(userId),
  });

/** Asked only for a new request's chosen person; a refusal leaves the counters as typed. */
export function usePreviousLeaveCounters(userId: number | null, enabled: boolean) {
  return useQuery({
    ...previousLeaveCountersQueryOptions(userId ?? 0),
    enabled: enabled && userId !== null,
    retry: false,
  });
}
