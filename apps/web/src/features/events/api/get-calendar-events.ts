import type { TEvent } from '@panel/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { allPages } from '../../../lib/all-pages';

/**
 * Every event overlapping the visible weeks [from, to) (instants), page after page: the calendar
 * loads only its range, never the whole table (docs/product.md#calendar, docs/product.md#server-rules).
 */
export function getCalendarEvents(range: { from: string; to: string }, signal?: AbortSignal) {
  return allPages<TEvent>('/events', { from: range.from, to: range.to, sort: 'start_at' }, { signal });
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
