import { useQuery } from '@tanstack/react-query';
import type { TSystemHealth, TSystemHealthResponse } from '@srpf/shared/health/system-health.schemas';
import { api } from '../../../lib/api-client';
import { SYSTEM_HEALTH_REFETCH_MS, systemHealthKeys } from './query-keys';

/** GET /system-health (administrators): services, instances, hosts, alerts and logs as the probes kept them. */
export async function getSystemHealth(): Promise<TSystemHealth> {
  return (await api<TSystemHealthResponse>('/system-health')).data.health;
}

export function useSystemHealth(enabled: boolean) {
  return useQuery({
    queryKey: systemHealthKeys.all,
    queryFn: getSystemHealth,
    refetchInterval: SYSTEM_HEALTH_REFETCH_MS,
    // The state of now, never a kept answer from minutes ago when the page is opened again.
    staleTime: 0,
    enabled,
  });
}
