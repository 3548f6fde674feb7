import type { TEvent, TListResponse } from '@panel/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const PAGE = 100;
/** A month grid never needs more; the cap only bounds a pathological month. */
const MAX_PAGES = 30;

/**
 * Every event overlapping the visible weeks [from, to) (instants), page after page: the calendar
 * loads only its range, never the whole table (docs/product.md#calendar, docs/product.md#server-rules).
 */
export async function getCalendarEvents(range: { from: string; to: string }, signal?: AbortSignal) {
  const events: TEvent[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const res = await apiRequest<TListResponse<TEvent>>('/events', {
      query: { from: range.from, to: range.to, per_page: PAGE, page, sort: 'start_at' },
      signal,
    });
    events.push(...res.data);
    if (page >= res.meta.last_page) break;
  }
  return events;
}

export const calendarEventsQueryOptions = (range: { from: string; to: string } | null) =>
  queryOptions({
    queryKey: ['events', 'calendar', range?.from, range?.to],
    queryFn: ({ signal }) => getCalendarEvents(range!, signal),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });

export function useCalendarEvents(range: { from: string; to: string } | null) {
  return useQuery(calendarEventsQueryOptions(range));
}
