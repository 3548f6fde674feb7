import type { TListResponse, TPostReach, TPostViewer } from '@panel/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** "Vieron" / "No vieron" load 50 at a time, with "Ver más" for the rest. */
const VIEWERS_PAGE = 50;

/** GET /posts/{id}/viewers: who saw it (newest first) or who has not yet (by name), a page at a time. */
export function getPostViewers(postId: number, seen: boolean, page: number, signal?: AbortSignal) {
  return apiRequest<TListResponse<TPostViewer>>(`/posts/${postId}/viewers`, {
    query: { seen: String(seen), page, per_page: VIEWERS_PAGE },
    signal,
  });
}

export function usePostViewers(postId: number | null, seen: boolean) {
  return useInfiniteQuery({
    queryKey: ['posts', 'viewers', postId, seen],
    queryFn: ({ pageParam, signal }) => getPostViewers(postId!, seen, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.page < last.meta.last_page ? last.meta.page + 1 : undefined),
    enabled: postId !== null,
  });
}

/** GET /posts/{id}/reach: "Vista por N de M", as a whole and per branch. */
export function usePostReach(postId: number | null) {
  return useQuery({
    queryKey: ['posts', 'reach', postId],
    queryFn: ({ signal }) => apiRequest<{ data: TPostReach }>(`/posts/${postId}/reach`, { signal }),
    enabled: postId !== null,
  });
}
