import type { TAppStory } from '@panel/shared';
import { type QueryClient, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import type { FeedPage } from '../../lib/post-cache';
import { qk } from '../../lib/query-keys';

export function useFeed() {
  return useInfiniteQuery({
    queryKey: qk.feed,
    queryFn: ({ pageParam }) => apiRequest<FeedPage>('/app/feed', { query: { cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
  });
}

interface StoryList {
  data: TAppStory[];
}

export function useStories() {
  return useQuery({
    queryKey: qk.stories,
    queryFn: () => apiRequest<StoryList>('/app/stories', { query: { per_page: 50 } }),
  });
}

/** Marks a story viewed (its first view earns `view_story`); offline it simply stays unviewed. */
export async function markStoryViewed(queryClient: QueryClient, storyId: number) {
  queryClient.setQueryData<StoryList>(qk.stories, (list) =>
    list
      ? { ...list, data: list.data.map((s) => (s.id === storyId ? { ...s, viewed_by_me: true } : s)) }
      : list,
  );
  try {
    const { data } = await apiRequest<{ data: { points_awarded: number } }>(`/app/stories/${storyId}/view`, {
      method: 'POST',
    });
    if (data.points_awarded > 0) void queryClient.invalidateQueries({ queryKey: qk.points });
  } catch {
    // Not marked: it shows as unseen again next time and is marked then.
    void queryClient.invalidateQueries({ queryKey: qk.stories });
  }
}
