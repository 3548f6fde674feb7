import type { TAppMyPoints, TAppSurvey } from '@panel/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { qk } from '../../lib/query-keys';

interface SurveyList {
  data: TAppSurvey[];
  meta: { total: number };
}

/** The surveys available to the seller (their branch's and everyone's), with their questions. */
export function useSurveys() {
  return useQuery({
    queryKey: qk.surveys,
    queryFn: () => apiRequest<SurveyList>('/app/surveys', { query: { per_page: 100 } }),
  });
}

/** The seller's total after an answer (the answer's own response says only what it earned). */
export async function fetchTotalPoints(): Promise<number> {
  const { data } = await apiRequest<{ data: TAppMyPoints }>('/app/me/points');
  return data.total_points;
}
