import type { TListResponse, TNotificationType } from '@panel/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListQuery } from '../../../components/resource-list/use-list-params';
import { apiRequest } from '../../../lib/api-client';

export function getNotificationTypes(query: ListQuery, signal?: AbortSignal) {
  return apiRequest<TListResponse<TNotificationType>>('/notification-types', { query, signal });
}

export const notificationTypesQueryOptions = (query: ListQuery) =>
  queryOptions({
    queryKey: ['notification-types', 'list', query],
    queryFn: ({ signal }) => getNotificationTypes(query, signal),
    placeholderData: keepPreviousData,
  });

export function useNotificationTypes(query: ListQuery) {
  return useQuery(notificationTypesQueryOptions(query));
}
