import type { TEngagement, TEngagementWeeks, TInactiveSeller, TListResponse } from '@panel/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiDownload, apiRequest, saveBlob } from '../../../lib/api-client';

/** Participación for the last `weeks` complete weeks (GET /api/engagement). */
export function useEngagement(weeks: TEngagementWeeks) {
  return useQuery({
    queryKey: ['engagement', weeks],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: TEngagement }>('/engagement', { query: { weeks }, signal })).data,
    placeholderData: keepPreviousData,
  });
}

/** The sellers without a visit in 14 days, 20 a page, of one branch or all. */
export function useInactiveSellers(branchId: number | null, page: number) {
  return useQuery({
    queryKey: ['engagement', 'inactive', branchId, page],
    queryFn: ({ signal }) =>
      apiRequest<TListResponse<TInactiveSeller>>('/engagement/inactive', {
        query: { page, ...(branchId === null ? {} : { branch_id: branchId }) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the branch table of the period as CSV. */
export async function exportEngagement(weeks: TEngagementWeeks): Promise<void> {
  const { blob, filename } = await apiDownload('/engagement/export', { query: { weeks } });
  saveBlob(blob, filename ?? 'participacion.csv');
}
