import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRolesResponse } from '@srpf/shared';
import { api } from '../../../lib/api-client';

/** GET /users/roles: stale after 5 minutes, one retry, not refetched on focus (document 2, section 7). */
export const rolesQueryOptions = queryOptions({
  queryKey: ['roles'] as const,
  queryFn: async () => (await api<TRolesResponse>('/users/roles')).data.roles.map((role) => role.name),
  staleTime: 5 * 60_000,
  retry: 1,
  refetchOnWindowFocus: false,
});

/** The role names, or the fallback list when the call fails. */
export function useRoleNames(fallback: readonly string[]): string[] {
  const { data } = useQuery(rolesQueryOptions);
  return data ?? [...fallback];
}
