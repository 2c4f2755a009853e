import { QueryClient } from '@tanstack/react-query';

/**
 * The spec's query defaults: 5-minute staleness, one retry. Imported statically only by the signed-in
 * layout; the sign-out loads it on demand, so TanStack Query stays out of the login page.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 5 * 60_000, retry: 1, refetchOnWindowFocus: false },
    mutations: { retry: 0 },
  },
});
