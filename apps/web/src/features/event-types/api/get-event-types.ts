import type { TEventType, TListResponse } from '@panel/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListQuery } from '../../../components/resource-list/use-list-params';
import { apiRequest } from '../../../lib/api-client';

export function getEventTypes(query: ListQuery, signal?: AbortSignal) {
  return apiRequest<TListResponse<TEventType>>('/event-types', { query, signal });
}

export const eventTypesQueryOptions = (query: ListQuery) =>
  queryOptions({
    queryKey: ['event-types', 'list', query],
    queryFn: ({ signal }) => getEventTypes(query, signal),
    placeholderData: keepPreviousData,
  });

export function useEventTypes(query: ListQuery) {
  return useQuery(eventTypesQueryOptions(query));
}
