import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * For the loads with nothing on screen to say they failed (the signed-in user, a filter's or a select's
 * options): retried twice in the background, as react-query does, except a refusal (4xx), which does not
 * get better by retrying. A screen's own load is not retried: it shows its error and "Reintentar".
 */
export const quietRetry = (failureCount: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2;

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
