import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { quietRetry } from '../../../lib/query-client';

/** Distinct cities, for the list's filter. */
export async function getBranchCities(signal?: AbortSignal): Promise<string[]> {
  const res = await apiRequest<{ data: string[] }>('/branches/cities', { signal });
  return res.data;
}

export const branchCitiesQueryOptions = () =>
  queryOptions({
    queryKey: ['branches', 'cities'],
    queryFn: ({ signal }) => getBranchCities(signal),
    retry: quietRetry,
  });

export function useBranchCities() {
  return useQuery(branchCitiesQueryOptions());
}
