import type { TListResponse, TPointAction } from '@panel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function deletePointAction(id: number): Promise<void> {
  return apiRequest<void>(`/admin/point-actions/${id}`, { method: 'DELETE' });
}

export function useDeletePointAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePointAction,
    onSuccess: (_void, id) => {
      queryClient.setQueriesData<TListResponse<TPointAction>>(
        { queryKey: ['point-actions', 'list'] },
        (old) =>
          old
            ? {
                ...old,
                data: old.data.filter((a) => a.id !== id),
                meta: { ...old.meta, total: Math.max(0, old.meta.total - 1) },
              }
            : old,
      );
      return queryClient.invalidateQueries({ queryKey: ['point-actions'] });
    },
  });
}
