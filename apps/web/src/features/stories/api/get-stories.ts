import type { TListResponse, TStory } from '@panel/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListQuery } from '../../../components/resource-list/use-list-params';
import { apiRequest } from '../../../lib/api-client';

export type StoryListQuery = ListQuery<never>;

export function getStories(query: StoryListQuery, signal?: AbortSignal): Promise<TListResponse<TStory>> {
  return apiRequest<TListResponse<TStory>>('/stories', { query, signal });
}

export const storiesQueryOptions = (query: StoryListQuery) =>
  queryOptions({
    queryKey: ['stories', 'list', query],
    queryFn: ({ signal }) => getStories(query, signal),
    placeholderData: keepPreviousData,
  });

export function useStories(query: StoryListQuery) {
  return useQuery(storiesQueryOptions(query));
}
