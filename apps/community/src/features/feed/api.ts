import type { TAppPost, TAppStory } from '@panel/shared';
import { type QueryClient, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { EARLY_CALLS } from '../../lib/early';
import { feedQuery } from '../../lib/feed-query';
import type { FeedPage } from '../../lib/post-cache';
import { qk } from '../../lib/query-keys';
import { views } from '../../lib/views';

/**
 * The feed. It does not refetch by itself when the app comes back to the foreground: newer posts are
 * offered by the "Nuevas publicaciones" pill (useNewerPosts), so the list never jumps under the finger.
 */
export function useFeed() {
  return useInfiniteQuery({ ...feedQuery, refetchOnWindowFocus: false });
}

/** Inicio's search: the same posts as the feed, by text or author (GET /api/app/feed?q=). */
export function useFeedSearch(q: string) {
  return useInfiniteQuery({
    queryKey: qk.search(q),
    queryFn: ({ pageParam }) => apiRequest<FeedPage>('/app/feed', { query: { q, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
    enabled: q !== '',
  });
}

/** Checked when the app returns to the foreground and every minute while it is visible. */
export const NEWER_POSTS_CHECK_MS = 60_000;

/** Whether a post newer than `newest` (the feed's first) exists: the newest one, fetched alone. */
export function useNewerPosts(newest: TAppPost | undefined) {
  const head = useQuery({
    queryKey: qk.feedHead,
    queryFn: () => apiRequest<FeedPage>('/app/feed', { query: { per_page: 1 } }),
    enabled: newest !== undefined,
    // What the feed just loaded is the first answer, fresh for a minute: no second request when Inicio
    // opens (the focus check ignores freshness, 'always').
    initialData: newest ? { data: [newest], meta: { per_page: 1, next_cursor: null } } : undefined,
    refetchOnMount: false,
    staleTime: NEWER_POSTS_CHECK_MS,
    refetchInterval: NEWER_POSTS_CHECK_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
  });
  const top = head.data?.data[0];
  if (!top || !newest || top.id === newest.id) return false;
  return Date.parse(top.created_at) >= Date.parse(newest.created_at);
}

interface StoryList {
  data: TAppStory[];
}

export function useStories() {
  return useQuery({
    queryKey: qk.stories,
    queryFn: () => apiRequest<StoryList>(EARLY_CALLS.stories.path, { query: EARLY_CALLS.stories.query }),
  });
}

/**
 * Marks a story viewed: shown as seen at once, and sent with the post views' next batch (POST
 * /api/app/views, through the outbox, so offline it is sent on reconnect). Its first view earns
 * `view_story`; the outbox refreshes the points when it does.
 */
export function markStoryViewed(queryClient: QueryClient, storyId: number) {
  queryClient.setQueryData<StoryList>(qk.stories, (list) =>
    list
      ? { ...list, data: list.data.map((s) => (s.id === storyId ? { ...s, viewed_by_me: true } : s)) }
      : list,
  );
  views.record('story', storyId);
}
