import type { TListResponse, TPointAction } from '@panel/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListQuery } from '../../../components/resource-list/use-list-params';
import { apiRequest } from '../../../lib/api-client';

/** `ZPointActionListQuery` as the list sends it: page, per_page, q, sort and the status filter. */
export type PointActionListQuery = ListQuery<'active'>;

export function getPointActions(
  query: PointActionListQuery,
  signal?: AbortSignal,
): Promise<TListResponse<TPointAction>> {
  return apiRequest<TListResponse<TPointAction>>('/admin/point-actions', { query, signal });
}

export const pointActionsQueryOptions = (query: PointActionListQuery) =>
  queryOptions({
    queryKey: ['point-actions', 'list', query],
    queryFn: ({ signal }) => getPointActions(query, signal),
    placeholderData: keepPreviousData,
  });

export function usePointActions(query: PointActionListQuery) {
  return useQuery(pointActionsQueryOptions(query));
}
