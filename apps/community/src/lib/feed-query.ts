import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiRequest } from './api';
import type { FeedPage } from './post-cache';
import { qk } from './query-keys';

/**
 * Inicio's posts, newest first, a keyset page at a time: the feed's query (useFeed), also started by
 * the shell while Inicio's code is still loading, since its first image is the screen's largest paint.
 */
export const feedQuery = infiniteQueryOptions({
  queryKey: qk.feed,
  queryFn: ({ pageParam }) => apiRequest<FeedPage>('/app/feed', { query: { cursor: pageParam } }),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: FeedPage) => last.meta.next_cursor ?? undefined,
});
