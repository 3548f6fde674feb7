import type { TPointAction, TPointActionCreate } from '@panel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function createPointAction(input: TPointActionCreate): Promise<TPointAction> {
  const res = await apiRequest<{ data: TPointAction }>('/admin/point-actions', {
    method: 'POST',
    body: input,
  });
  return res.data;
}

export function useCreatePointAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPointAction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['point-actions'] }),
  });
}
