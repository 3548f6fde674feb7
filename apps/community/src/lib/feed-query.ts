import { infiniteQueryOptions } from '@tanstack/react-query';
import { EARLY_CALLS } from '../boot';
import { apiRequest } from './api';
import type { FeedPage } from './post-cache';
import { qk } from './query-keys';

/**
 * Inicio's posts, newest first, a keyset page at a time: the feed's query (useFeed), also started by
 * the shell while Inicio's code is still loading, since its first image is the screen's largest paint.
 * Its first page is the smaller one boot.ts may already have asked for; the next ones are the API's 20.
 */
export const feedQuery = infiniteQueryOptions({
  queryKey: qk.feed,
  queryFn: ({ pageParam }) =>
    pageParam
      ? apiRequest<FeedPage>(EARLY_CALLS.feed.path, { query: { cursor: pageParam } })
      : apiRequest<FeedPage>(EARLY_CALLS.feed.path, { query: EARLY_CALLS.feed.query }),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: FeedPage) => last.meta.next_cursor ?? undefined,
});
