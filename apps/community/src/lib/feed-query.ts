import type { QueryClient } from '@tanstack/react-query';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiRequest, takeEarlyAnswer } from './api';
import { EARLY_CALLS } from './early';
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

/**
 * Puts the feed's first page in place when boot.ts has already received it, before Inicio's first
 * render: the posts show in that render, with no loading state in between (its first image, the
 * screen's largest paint, is already preloaded).
 */
export function seedFeedFromBoot(queryClient: QueryClient) {
  const page = takeEarlyAnswer<FeedPage>(EARLY_CALLS.feed.path, EARLY_CALLS.feed.query);
  if (page) queryClient.setQueryData(feedQuery.queryKey, { pages: [page], pageParams: [undefined] });
}
