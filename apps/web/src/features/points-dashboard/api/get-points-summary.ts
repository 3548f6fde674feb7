import type { TLeaderboardPeriod, TPointsSummary } from '@panel/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function getPointsSummary(period: TLeaderboardPeriod, signal?: AbortSignal) {
  const res = await apiRequest<{ data: TPointsSummary }>('/points/summary', { query: { period }, signal });
  return res.data;
}

export const pointsSummaryQueryOptions = (period: TLeaderboardPeriod) =>
  queryOptions({
    queryKey: ['points', 'summary', period],
    queryFn: ({ signal }) => getPointsSummary(period, signal),
    placeholderData: keepPreviousData,
  });

export function usePointsSummary(period: TLeaderboardPeriod) {
  return useQuery(pointsSummaryQueryOptions(period));
}
