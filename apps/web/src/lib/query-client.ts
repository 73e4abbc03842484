import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/** Server state cache: 4xx answers are not retried (they will not change), others twice. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failures, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
    },
    mutations: { retry: false },
  },
});
