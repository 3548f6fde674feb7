import type { TListResponse, TPostComment, TPostLike } from '@panel/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The modals load 50 at a time, with "Ver más" for the rest. */
export const REACTIONS_PAGE = 50;

export function getPostLikes(postId: number, page: number, signal?: AbortSignal) {
  return apiRequest<TListResponse<TPostLike>>(`/posts/${postId}/likes`, {
    query: { page, per_page: REACTIONS_PAGE },
    signal,
  });
}

export function getPostComments(postId: number, page: number, signal?: AbortSignal) {
  return apiRequest<TListResponse<TPostComment>>(`/posts/${postId}/comments`, {
    query: { page, per_page: REACTIONS_PAGE },
    signal,
  });
}

const nextPage = <T>(last: TListResponse<T>) =>
  last.meta.page < last.meta.last_page ? last.meta.page + 1 : undefined;

export function usePostLikes(postId: number | null) {
  return useInfiniteQuery({
    queryKey: ['posts', 'likes', postId],
    queryFn: ({ pageParam, signal }) => getPostLikes(postId!, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: postId !== null,
  });
}

export function usePostComments(postId: number | null) {
  return useInfiniteQuery({
    queryKey: ['posts', 'comments', postId],
    queryFn: ({ pageParam, signal }) => getPostComments(postId!, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: postId !== null,
  });
}
