import type { TListResponse, TVolume } from '@panel/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** docs/product.md#constants; docs/api-contract.md: a seller's volumes of one year, read 100 at a time (one year is 12). */
export function getVolumes(userId: number, year: number, signal?: AbortSignal) {
  return apiRequest<TListResponse<TVolume>>('/user/volume', {
    query: { user_id: userId, year, per_page: 100 },
    signal,
  });
}

export const volumesQueryOptions = (userId: number, year: number) =>
  queryOptions({
    queryKey: ['targets', 'volumes', userId, year],
    queryFn: ({ signal }) => getVolumes(userId, year, signal),
    staleTime: 0,
    retry: false,
  });

export function useVolumes(userId: number | null, year: number) {
  return useQuery({ ...volumesQueryOptions(userId ?? 0, year), enabled: userId !== null });
}
