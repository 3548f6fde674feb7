import type { TAppCommentItem, TAppPost } from '@panel/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { qk } from '../../lib/query-keys';

export const COMMENTS_PER_PAGE = 20;

export function usePost(id: number) {
  return useQuery({
    queryKey: qk.post(id),
    queryFn: () => apiRequest<{ data: TAppPost }>(`/app/posts/${id}`),
  });
}

interface CommentPage {
  data: TAppCommentItem[];
  meta: { page: number; per_page: number; total: number; last_page: number };
}

/** The page that holds the newest comments, from the post's count (comments come oldest first). */
export function lastCommentPage(count: number): number {
  return Math.max(1, Math.ceil(count / COMMENTS_PER_PAGE));
}

/**
 * The comments, newest last: the last page first, then older pages on request
 * ("Ver comentarios anteriores").
 */
export function useComments(id: number, commentsCount: number | undefined) {
  return useInfiniteQuery({
    queryKey: qk.comments(id),
    enabled: commentsCount !== undefined,
    queryFn: ({ pageParam }) =>
      apiRequest<CommentPage>(`/app/posts/${id}/comments`, {
        query: { page: pageParam, per_page: COMMENTS_PER_PAGE },
      }),
    initialPageParam: lastCommentPage(commentsCount ?? 0),
    getNextPageParam: () => undefined,
    getPreviousPageParam: (first) => (first.meta.page > 1 ? first.meta.page - 1 : undefined),
  });
}

/** Changes the seller's own comment (needs a connection: edits are not queued). */
export function editComment(id: number, content: string) {
  return apiRequest<{ data: TAppCommentItem }>(`/app/comments/${id}`, { method: 'PUT', body: { content } });
}

/** Deletes the seller's own comment (needs a connection). */
export function deleteComment(id: number) {
  return apiRequest<void>(`/app/comments/${id}`, { method: 'DELETE' });
}
