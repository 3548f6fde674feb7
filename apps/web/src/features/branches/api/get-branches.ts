import type { TBranch, TListResponse } from '@panel/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListQuery } from '../../../components/resource-list/use-list-params';
import { apiRequest } from '../../../lib/api-client';

/** `ZBranchListQuery` as the list sends it: page, per_page, q, sort and the city filter. */
export type BranchListQuery = ListQuery<'city'>;

export function getBranches(query: BranchListQuery, signal?: AbortSignal): Promise<TListResponse<TBranch>> {
  return apiRequest<TListResponse<TBranch>>('/branches', { query, signal });
}

export const branchesQueryOptions = (query: BranchListQuery) =>
  queryOptions({
    queryKey: ['branches', 'list', query],
    queryFn: ({ signal }) => getBranches(query, signal),
    placeholderData: keepPreviousData,
  });

export function useBranches(query: BranchListQuery) {
  return useQuery(branchesQueryOptions(query));
}
