import type { TEvent, TListResponse } from '@panel/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListQuery } from '../../../components/resource-list/use-list-params';
import { apiRequest } from '../../../lib/api-client';
import { dayjs } from '../../../lib/dates/business-time';
import { businessTimeZone } from '../../../lib/dates/time-zone';

/** The list's URL state: `from`/`to` are days (YYYY-MM-DD) of the business time zone, both included. */
export type EventListQuery = ListQuery<'event_type_id' | 'branch_id' | 'from' | 'to'>;

/** Days → the instants the API takes: from the start of `from` to the end of `to` (business time zone). */
export function toApiQuery(query: EventListQuery): Record<string, string | number | undefined> {
  const day = (value: string | undefined) => {
    if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
    const d = dayjs.tz(value, businessTimeZone());
    return d.isValid() ? d : undefined;
  };
  const from = day(query.from);
  const to = day(query.to);
  return { ...query, from: from?.toISOString(), to: to?.add(1, 'day').toISOString() };
}

export function getEvents(query: EventListQuery, signal?: AbortSignal) {
  return apiRequest<TListResponse<TEvent>>('/events', { query: toApiQuery(query), signal });
}

export const eventsQueryOptions = (query: EventListQuery) =>
  queryOptions({
    queryKey: ['events', 'list', query],
    queryFn: ({ signal }) => getEvents(query, signal),
    placeholderData: keepPreviousData,
  });

export function useEvents(query: EventListQuery) {
  return useQuery(eventsQueryOptions(query));
}
