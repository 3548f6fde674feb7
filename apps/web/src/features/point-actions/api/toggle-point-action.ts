import type { TPointAction } from '@panel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function togglePointAction({
  id,
  active,
}: {
  id: number;
  active: boolean;
}): Promise<TPointAction> {
  const res = await apiRequest<{ data: TPointAction }>(`/admin/point-actions/${id}/toggle`, {
    method: 'PATCH',
    body: { active },
  });
  return res.data;
}

export function useTogglePointAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: togglePointAction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['point-actions'] }),
  });
}
