import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api';
import { EARLY_CALLS } from './early';
import { qk } from './query-keys';

/** The unread notifications for the tab's badge: on start, every minute and on returning to the app. */
export function useUnreadCount(): number {
  const { data } = useQuery({
    queryKey: qk.unread,
    queryFn: () => apiRequest<{ data: { unread_count: number } }>(EARLY_CALLS.unread.path),
    refetchInterval: 60_000,
  });
  return data?.data.unread_count ?? 0;
}
