import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/**
 * Queries run even when the browser says it is offline ('offlineFirst'): the service worker answers
 * /api/app/* from its cache, so the last feed, notifications, agenda and points stay readable.
 * A refused call (4xx) is not retried; a network failure is retried once.
 * The calls take no AbortSignal on purpose: a screen left before its answer arrived still lets
 * the answer arrive, so the service worker saves it for offline reading.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        networkMode: 'offlineFirst',
        staleTime: 30_000,
        gcTime: 24 * 60 * 60_000,
        retry: (count, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1,
        refetchOnWindowFocus: true,
      },
      mutations: { networkMode: 'always', retry: false },
    },
  });
}
