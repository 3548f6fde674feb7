import type { TAppNotification } from '@panel/shared';
import { type QueryClient, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { qk } from '../../lib/query-keys';
import { setUnreadCount } from '../../lib/unread';

interface NotificationPage {
  data: TAppNotification[];
  meta: { page: number; last_page: number; total: number };
}

/** Unread first, then newest first (the server's order), 20 a page. */
export function useNotifications() {
  return useInfiniteQuery({
    queryKey: qk.notifications,
    queryFn: ({ pageParam }) =>
      apiRequest<NotificationPage>('/app/notifications', {
        query: { page: pageParam, per_page: 20 },
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.page < last.meta.last_page ? last.meta.page + 1 : undefined),
  });
}

export function useNotification(id: number) {
  return useQuery({
    queryKey: [...qk.notifications, 'one', id],
    queryFn: () => apiRequest<{ data: TAppNotification }>(`/app/notifications/${id}`),
  });
}

/** The tab's badge takes the server's unread count, and each loaded notification goes through `read`. */
function markLoaded(
  queryClient: QueryClient,
  unreadCount: number,
  read: (n: TAppNotification) => TAppNotification,
) {
  setUnreadCount(queryClient, unreadCount);
  queryClient.setQueriesData<{ pages: NotificationPage[]; pageParams: unknown[] }>(
    { queryKey: qk.notifications, exact: true },
    (list) => list && { ...list, pages: list.pages.map((page) => ({ ...page, data: page.data.map(read) })) },
  );
}

/**
 * Marks a notification read when it is opened (issue 23.5: not when it scrolls past); updates the
 * list and the tab's badge with the server's count. Offline it stays unread and is marked the next
 * time it is opened.
 */
export async function markRead(queryClient: QueryClient, id: number) {
  try {
    const { data } = await apiRequest<{ data: { id: number; read_at: string; unread_count: number } }>(
      `/app/notifications/${id}/read`,
      { method: 'POST' },
    );
    markLoaded(queryClient, data.unread_count, (n) =>
      n.id === id ? { ...n, read_at: n.read_at ?? data.read_at } : n,
    );
  } catch {
    // Stays unread; seen again later, it is marked then.
  }
}

/**
 * "Marcar todas como leídas": the server marks every notification the seller sees; the list and the
 * badge take its answer. Throws when the call fails (the screen says so).
 */
export async function markAllRead(queryClient: QueryClient) {
  const { data } = await apiRequest<{ data: { marked: number; unread_count: number } }>(
    '/app/notifications/read-all',
    { method: 'POST' },
  );
  const now = new Date().toISOString();
  markLoaded(queryClient, data.unread_count, (n) => (n.read_at ? n : { ...n, read_at: now }));
  return data;
}
