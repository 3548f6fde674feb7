import { QueryClient } from '@tanstack/react-query';

/**
 * Queries are not retried on their own: every failed load shows its error with "Reintentar" at once
 * (issue 28, item 18; docs/product.md#lists). With react-query's retries (1 s + 2 s) the error and
 * its button came about 4 s after the first failure, a wait with nothing to read or press.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
