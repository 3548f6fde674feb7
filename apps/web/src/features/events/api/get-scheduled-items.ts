import type { TScheduledItem } from '@panel/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { allPages } from '../../../lib/all-pages';

/**
 * The posts and notifications scheduled in the visible weeks [from, to), page after page
 * (GET /api/scheduled, docs/product.md#calendar).
 */
export function getScheduledItems(range: { from: string; to: string }, signal?: AbortSignal) {
  return allPages<TScheduledItem>('/scheduled', { from: range.from, to: range.to }, { signal });
}

export const scheduledItemsQueryOptions = (range: { from: string; to: string } | null) =>
  queryOptions({
    queryKey: ['scheduled', 'calendar', range?.from, range?.to],
    queryFn: ({ signal }) => getScheduledItems(range!, signal),
    enabled: range !== null,
    placeholderData: keepPreviousData,
    // Posts and notifications are scheduled, moved and published elsewhere (their screens, the
    // worker): the calendar asks again each time it opens, showing what it had meanwhile.
    staleTime: 0,
  });

/** `enabled: false` while the calendar hides both kinds: nothing is fetched then. */
export function useScheduledItems(range: { from: string; to: string } | null, enabled: boolean) {
  return useQuery({ ...scheduledItemsQueryOptions(range), enabled: enabled && range !== null });
}
