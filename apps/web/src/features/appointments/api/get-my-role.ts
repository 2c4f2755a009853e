import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAppointmentAbilities, TMyAppointmentRoleResponse } from '@srpf/shared';
import { api } from '../../../lib/api-client';
import { appointmentKeys } from './query-keys';

/** GET /appointments/my-role: the remark role the server gives (admin and superadmin: commandant; else the designation's approval role). */
export async function getMyAppointmentRole(): Promise<TAppointmentAbilities> {
  return (await api<TMyAppointmentRoleResponse>('/appointments/my-role')).data;
}

export const myAppointmentRoleQueryOptions = queryOptions({
  queryKey: appointmentKeys.myRole,
  queryFn: getMyAppointmentRole,
  staleTime: 5 * 60_000,
});

export function useMyAppointmentRole() {
  return useQuery(myAppointmentRoleQueryOptions);
}
