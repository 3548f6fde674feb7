import type { TListResponse, TStoryViewer } from '@panel/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const VIEWERS_PAGE = 50;

export function getStoryViewers(storyId: number, page: number, signal?: AbortSignal) {
  return apiRequest<TListResponse<TStoryViewer>>(`/stories/${storyId}/viewers`, {
    query: { page, per_page: VIEWERS_PAGE },
    signal,
  });
}

export function useStoryViewers(storyId: number | null) {
  return useInfiniteQuery({
    queryKey: ['stories', 'viewers', storyId],
    queryFn: ({ pageParam, signal }) => getStoryViewers(storyId!, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.page < last.meta.last_page ? last.meta.page + 1 : undefined),
    enabled: storyId !== null,
  });
}
