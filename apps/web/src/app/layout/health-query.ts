import { queryOptions } from '@tanstack/react-query';
import type { THealthLive } from '@srpf/shared';
import { api } from '../../lib/api-client';

/** The live check behind the connection banner: every 30 s, one retry (document 2, section 9). */
export const healthLiveQuery = queryOptions({
  queryKey: ['health', 'live'],
  queryFn: () => api<THealthLive>('/health/live'),
  refetchInterval: 30_000,
  retry: 1,
});
