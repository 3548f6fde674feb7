import type { TListResponse, TSurveyStatistics, TSurveyTextAnswer } from '@panel/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function getSurveyStatistics(id: number, signal?: AbortSignal): Promise<TSurveyStatistics> {
  const res = await apiRequest<{ data: TSurveyStatistics }>(`/admin/surveys/${id}/statistics`, { signal });
  return res.data;
}

export function useSurveyStatistics(id: number | null) {
  return useQuery({
    queryKey: ['surveys', 'statistics', id],
    queryFn: ({ signal }) => getSurveyStatistics(id!, signal),
    enabled: id !== null,
    staleTime: 0,
    retry: false,
  });
}

export const TEXT_ANSWERS_PER_PAGE = 5;

export function getQuestionAnswers(
  surveyId: number,
  questionId: number,
  page: number,
  signal?: AbortSignal,
): Promise<TListResponse<TSurveyTextAnswer>> {
  return apiRequest<TListResponse<TSurveyTextAnswer>>(
    `/admin/surveys/${surveyId}/questions/${questionId}/answers`,
    {
      query: { page, per_page: TEXT_ANSWERS_PER_PAGE },
      signal,
    },
  );
}

/** The latest free-text answers of one question, newest first, paged. */
export function useQuestionAnswers(surveyId: number, questionId: number, page: number) {
  return useQuery({
    queryKey: ['surveys', 'answers', surveyId, questionId, page],
    queryFn: ({ signal }) => getQuestionAnswers(surveyId, questionId, page, signal),
    placeholderData: keepPreviousData,
  });
}
