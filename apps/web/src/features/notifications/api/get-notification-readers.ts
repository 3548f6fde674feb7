import type { TListResponse, TNotificationReader } from '@panel/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const READERS_PAGE = 50;

/** GET /notifications/{id}/reads: who read it, newest first, a page at a time (issue 21.11). */
export function getNotificationReaders(id: number, page: number, signal?: AbortSignal) {
  return apiRequest<TListResponse<TNotificationReader>>(`/notifications/${id}/reads`, {
    query: { page, per_page: READERS_PAGE },
    signal,
  });
}

export function useNotificationReaders(id: number | null) {
  return useInfiniteQuery({
    queryKey: ['notifications', 'readers', id],
    queryFn: ({ pageParam, signal }) => getNotificationReaders(id!, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.page < last.meta.last_page ? last.meta.page + 1 : undefined),
    enabled: id !== null,
  });
}
