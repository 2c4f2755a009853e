import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TAppointmentListResponse } from '@srpf/shared';
import { waitingForMeScope } from '@srpf/shared/appointments/appointments.policy';
import { api } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { APPOINTMENTS_REFETCH_MS } from './get-appointments';
import { appointmentKeys } from './query-keys';

/** GET /appointments/waiting: the requests waiting for the signed-in person's step, earliest first. */
export function getWaiting(page: number, limit: number): Promise<TAppointmentListResponse> {
  return api<TAppointmentListResponse>('/appointments/waiting', { query: { page, limit } });
}

export function waitingQueryOptions(page: number, limit: number) {
  return queryOptions({
    queryKey: appointmentKeys.waiting(page, limit),
    queryFn: () => getWaiting(page, limit),
    refetchInterval: APPOINTMENTS_REFETCH_MS,
    placeholderData: keepPreviousData,
  });
}

/** Whether the signed-in person takes a step of the chain at all (the server refuses the list to others). */
export function useTakesApprovalStep(): boolean {
  return waitingForMeScope(useCurrentUser().actor) !== null;
}

/** The list, fetched only for people who take a step. */
export function useWaitingForMe(page: number, limit: number) {
  const enabled = useTakesApprovalStep();
  return { enabled, query: useQuery({ ...waitingQueryOptions(page, limit), enabled }) };
}

/** How many requests wait for the signed-in person (undefined while unknown, or for people who take no step). */
export function useWaitingCount(): number | undefined {
  const { enabled, query } = useWaitingForMe(1, 1);
  return enabled ? query.data?.pagination.total : undefined;
}
