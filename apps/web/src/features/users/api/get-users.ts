import type { TListResponse, TUser } from '@panel/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListQuery } from '../../../components/resource-list/use-list-params';
import { apiRequest } from '../../../lib/api-client';

/** The list's filters (`ZUserListQuery`): role, branch and active. */
export const USER_FILTERS = ['role', 'branch_id', 'active'] as const;
export type UserListQuery = ListQuery<(typeof USER_FILTERS)[number]>;

export function getUsers(query: UserListQuery, signal?: AbortSignal): Promise<TListResponse<TUser>> {
  return apiRequest<TListResponse<TUser>>('/users', { query, signal });
}

export const usersQueryOptions = (query: UserListQuery) =>
  queryOptions({
    queryKey: ['users', 'list', query],
    queryFn: ({ signal }) => getUsers(query, signal),
    placeholderData: keepPreviousData,
  });

export function useUsers(query: UserListQuery) {
  return useQuery(usersQueryOptions(query));
}
