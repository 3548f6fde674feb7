import type { TAppPost } from '@panel/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { qk } from './query-keys';

export interface FeedPage {
  data: TAppPost[];
  meta: { per_page: number; next_cursor: string | null };
}

/** Applies `change` to one post in every list of posts cached under ['feed'] (the feed and its searches). */
function patchLists(queryClient: QueryClient, postId: number, change: (post: TAppPost) => TAppPost) {
  queryClient.setQueriesData<InfiniteData<FeedPage>>({ queryKey: qk.feed }, (list) =>
    list?.pages
      ? {
          ...list,
          pages: list.pages.map((page) => ({
            ...page,
            data: page.data.map((post) => (post.id === postId ? change(post) : post)),
          })),
        }
      : list,
  );
}

/** Changes one post wherever it is cached: in the feed's pages, in a search's and on its own screen. */
export function patchPost(queryClient: QueryClient, postId: number, patch: Partial<TAppPost>) {
  patchLists(queryClient, postId, (post) => ({ ...post, ...patch }));
  queryClient.setQueryData<{ data: TAppPost }>(qk.post(postId), (one) =>
    one ? { ...one, data: { ...one.data, ...patch } } : one,
  );
}

/** One comment more (or less) on a post in the lists (its own screen refetches). */
export function bumpComments(queryClient: QueryClient, postId: number, delta = 1) {
  patchLists(queryClient, postId, (post) => ({
    ...post,
    comments_count: Math.max(0, post.comments_count + delta),
  }));
}
