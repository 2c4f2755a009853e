import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAppointmentListResponse } from '@srpf/shared';
import { api } from '../../../lib/api-client';

/** How many of a person's latest requests their dashboard lists. */
export const OWN_REQUESTS_SHOWN = 5;

/**
 * GET /appointments, newest filed first: for a person without a chain role the server's scope is
 * their own requests, so this is "my requests". Read afresh each visit (a step may have been taken).
 */
export function ownRequestsQueryOptions() {
  const query = { page: 1, limit: OWN_REQUESTS_SHOWN, sortBy: 'created_at', sortOrder: 'desc' };
  return queryOptions({
    queryKey: ['dashboard', 'own-requests', query] as const,
    queryFn: () => api<TAppointmentListResponse>('/appointments', { query }),
    staleTime: 0,
  });
}

export function useOwnRequests() {
  return useQuery(ownRequestsQueryOptions());
}
