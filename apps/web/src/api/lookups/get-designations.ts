import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAllDesignationsResponse } from '@srpf/shared';
import { api } from '../../lib/api-client';

/** GET /designations/all for the designation selects, cached 30 minutes (document 2, section 7). */
export const designationOptionsQueryOptions = queryOptions({
  queryKey: ['designations', 'all'] as const,
  queryFn: async () => (await api<TAllDesignationsResponse>('/designations/all')).data.designations,
  staleTime: 30 * 60_000,
});

export function useDesignationOptions(enabled = true) {
  return useQuery({ ...designationOptionsQueryOptions, enabled });
}
