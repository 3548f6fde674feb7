import type { TListResponse, TSurvey } from '@panel/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `ZSurveyListQuery` as the grid sends it. */
export interface SurveyListQuery {
  page: number;
  per_page: number;
  q?: string;
  active?: string;
  branch_id?: string;
}

export function getSurveys(query: SurveyListQuery, signal?: AbortSignal): Promise<TListResponse<TSurvey>> {
  return apiRequest<TListResponse<TSurvey>>('/admin/surveys', { query: { ...query }, signal });
}

export const surveysQueryOptions = (query: SurveyListQuery) =>
  queryOptions({
    queryKey: ['surveys', 'list', query],
    queryFn: ({ signal }) => getSurveys(query, signal),
    placeholderData: keepPreviousData,
  });

export function useSurveys(query: SurveyListQuery) {
  return useQuery(surveysQueryOptions(query));
}
