import type { TUnitsBulkResult, TUnitsBulkUpsert } from '@panel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function bulkUpsertUnits(input: TUnitsBulkUpsert): Promise<TUnitsBulkResult> {
  const res = await apiRequest<{ data: TUnitsBulkResult }>('/user/units/bulk-upsert', {
    method: 'POST',
    body: input,
  });
  return res.data;
}

export function useBulkUpsertUnits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkUpsertUnits,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['targets', 'units'] }),
  });
}
