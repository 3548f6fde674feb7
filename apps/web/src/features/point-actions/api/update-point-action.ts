import type { TPointAction, TPointActionUpdate } from '@panel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function updatePointAction({
  id,
  input,
}: {
  id: number;
  input: TPointActionUpdate;
}): Promise<TPointAction> {
  const res = await apiRequest<{ data: TPointAction }>(`/admin/point-actions/${id}`, {
    method: 'PUT',
    body: input,
  });
  return res.data;
}

export function useUpdatePointAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePointAction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['point-actions'] }),
  });
}
