import type { TListResponse, TTargetUnits } from '@panel/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface UnitsKey {
  userId: number;
  supplierId: number;
  brandId: number;
  year: number;
}

/** docs/product.md#constants; docs/api-contract.md: the months of one supplier and brand pair, read 200 at a time. */
export function getUnits(key: UnitsKey, signal?: AbortSignal) {
  return apiRequest<TListResponse<TTargetUnits>>('/user/units', {
    query: {
      user_id: key.userId,
      supplier_id: key.supplierId,
      brand_id: key.brandId,
      year: key.year,
      per_page: 200,
    },
    signal,
  });
}

export const unitsQueryOptions = (key: UnitsKey) =>
  queryOptions({
    queryKey: ['targets', 'units', key.userId, key.supplierId, key.brandId, key.year],
    queryFn: ({ signal }) => getUnits(key, signal),
    staleTime: 0,
    retry: false,
  });

export function useUnits(key: UnitsKey | null) {
  return useQuery({
    ...unitsQueryOptions(key ?? { userId: 0, supplierId: 0, brandId: 0, year: 0 }),
    enabled: key !== null,
  });
}
