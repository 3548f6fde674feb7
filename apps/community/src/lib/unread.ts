import type { QueryClient } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api';
import { EARLY_CALLS } from './early';
import { qk } from './query-keys';

/** GET /app/notifications/unread-count: unread notices, and surveys whose reminder has come. */
interface UnreadAnswer {
  data: { unread_count: number; reminders_due?: number };
}

/** Avisos' counts: on start, every minute and on returning to the app. */
function useUnread(): UnreadAnswer['data'] | undefined {
  const { data } = useQuery({
    queryKey: qk.unread,
    queryFn: () => apiRequest<UnreadAnswer>(EARLY_CALLS.unread.path),
    refetchInterval: 60_000,
  });
  return data?.data;
}

/** The unread notifications ("Marcar todas como leídas" shows while there are some). */
export function useUnreadCount(): number {
  return useUnread()?.unread_count ?? 0;
}

/**
 * Surveys whose reminder has come and the seller has not answered (docs/decisions/2026-12-04-reminders.md):
 * Avisos lists them on top.
 */
export function useRemindersDue(): number {
  return useUnread()?.reminders_due ?? 0;
}

/** The Avisos tab's badge: the unread notices and the surveys that remind. */
export function useAvisosBadge(): number {
  const data = useUnread();
  return (data?.unread_count ?? 0) + (data?.reminders_due ?? 0);
}

/** A read's answer carries the new unread count; the reminders stay as they were. */
export function setUnreadCount(queryClient: QueryClient, unreadCount: number) {
  queryClient.setQueryData<UnreadAnswer>(qk.unread, (old) => ({
    data: { ...old?.data, unread_count: unreadCount },
  }));
}
