import { QueryClient } from '@tanstack/react-query';

/** The spec's query defaults: 5-minute staleness, one retry. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 5 * 60_000, retry: 1, refetchOnWindowFocus: false },
    mutations: { retry: 0 },
  },
});
