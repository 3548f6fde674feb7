import type { TLeaderboardEntry, TLeaderboardPeriod } from '@panel/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface LeaderboardQuery {
  period: TLeaderboardPeriod;
  limit: number;
  branch_id?: number;
}

export async function getLeaderboard(query: LeaderboardQuery, signal?: AbortSignal) {
  const res = await apiRequest<{ data: TLeaderboardEntry[] }>('/points/leaderboard', {
    query: { ...query },
    signal,
  });
  return res.data;
}

export const leaderboardQueryOptions = (query: LeaderboardQuery) =>
  queryOptions({
    queryKey: ['points', 'leaderboard', query],
    queryFn: ({ signal }) => getLeaderboard(query, signal),
    placeholderData: keepPreviousData,
  });

export function useLeaderboard(query: LeaderboardQuery) {
  return useQuery(leaderboardQueryOptions(query));
}
