import type { TDashboardSummary } from '@panel/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function getDashboardSummary({
  signal,
}: {
  signal?: AbortSignal;
} = {}): Promise<TDashboardSummary> {
  const res = await apiRequest<{ data: TDashboardSummary }>('/dashboard/summary', { signal });
  return res.data;
}

export const dashboardSummaryQueryOptions = () =>
  queryOptions({ queryKey: ['dashboard', 'summary'], queryFn: getDashboardSummary });

/** Counters of the dashboard and the calendar badge of the menu (one request for both). */
export function useDashboardSummary() {
  return useQuery(dashboardSummaryQueryOptions());
}
