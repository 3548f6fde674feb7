import type { TAppPost } from '@panel/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { qk } from './query-keys';

export interface FeedPage {
  data: TAppPost[];
  meta: { per_page: number; next_cursor: string | null };
}

/** Changes one post wherever it is cached: in the feed's pages and on its own screen. */
export function patchPost(queryClient: QueryClient, postId: number, patch: Partial<TAppPost>) {
  queryClient.setQueryData<InfiniteData<FeedPage>>(qk.feed, (feed) =>
    feed
      ? {
          ...feed,
          pages: feed.pages.map((page) => ({
            ...page,
            data: page.data.map((post) => (post.id === postId ? { ...post, ...patch } : post)),
          })),
        }
      : feed,
  );
  queryClient.setQueryData<{ data: TAppPost }>(qk.post(postId), (one) =>
    one ? { ...one, data: { ...one.data, ...patch } } : one,
  );
}

/** One more comment on a post in the feed's pages (its own screen refetches). */
export function bumpComments(queryClient: QueryClient, postId: number) {
  queryClient.setQueryData<InfiniteData<FeedPage>>(qk.feed, (feed) =>
    feed
      ? {
          ...feed,
          pages: feed.pages.map((page) => ({
            ...page,
            data: page.data.map((post) =>
              post.id === postId ? { ...post, comments_count: post.comments_count + 1 } : post,
            ),
          })),
        }
      : feed,
  );
}
