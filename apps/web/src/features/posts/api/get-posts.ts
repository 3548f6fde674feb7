import type { TListResponse, TPost } from '@panel/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListQuery } from '../../../components/resource-list/use-list-params';
import { apiRequest } from '../../../lib/api-client';

export type PostListQuery = ListQuery<never>;

export function getPosts(query: PostListQuery, signal?: AbortSignal): Promise<TListResponse<TPost>> {
  return apiRequest<TListResponse<TPost>>('/posts', { query, signal });
}

export const postsQueryOptions = (query: PostListQuery) =>
  queryOptions({
    queryKey: ['posts', 'list', query],
    queryFn: ({ signal }) => getPosts(query, signal),
    placeholderData: keepPreviousData,
  });

export function usePosts(query: PostListQuery) {
  return useQuery(postsQueryOptions(query));
}
