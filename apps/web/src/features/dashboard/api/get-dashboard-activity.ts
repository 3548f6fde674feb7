import type { TDashboardActivity } from '@panel/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function getDashboardActivity(signal?: AbortSignal): Promise<TDashboardActivity> {
  const res = await apiRequest<{ data: TDashboardActivity }>('/dashboard/activity', { signal });
  return res.data;
}

export const dashboardActivityQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'activity'],
    queryFn: ({ signal }) => getDashboardActivity(signal),
  });

/** Below the counters: activity per day, next events, top sellers (a separate call, so the counters stay quick). */
export function useDashboardActivity() {
  return useQuery(dashboardActivityQueryOptions());
}
