import type { TSurveyDetail } from '@panel/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function getSurvey(id: number, signal?: AbortSignal): Promise<TSurveyDetail> {
  const res = await apiRequest<{ data: TSurveyDetail }>(`/admin/surveys/${id}`, { signal });
  return res.data;
}

export const surveyQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['surveys', 'detail', id], queryFn: ({ signal }) => getSurvey(id, signal) });

/** One survey with its questions, for the edit form; idle while `id` is null. */
export function useSurvey(id: number | null) {
  return useQuery({ ...surveyQueryOptions(id ?? 0), enabled: id !== null, staleTime: 0, gcTime: 0 });
}
