import type { TListResponse, TScheduledItem } from '@panel/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const PAGE = 100;
/** As the events' calendar: a month never needs more; the cap only bounds a pathological month. */
const MAX_PAGES = 30;

/**
 * The posts and notifications scheduled in the visible weeks [from, to), page after page
 * (GET /api/scheduled, docs/product.md#calendar).
 */
export async function getScheduledItems(range: { from: string; to: string }, signal?: AbortSignal) {
  const items: TScheduledItem[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const res = await apiRequest<TListResponse<TScheduledItem>>('/scheduled', {
      query: { from: range.from, to: range.to, per_page: PAGE, page },
      signal,
    });
    items.push(...res.data);
    if (page >= res.meta.last_page) break;
  }
  return items;
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
