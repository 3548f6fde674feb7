import type { TListResponse, TPost } from '@panel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function deletePost(id: number): Promise<void> {
  return apiRequest<void>(`/posts/${id}`, { method: 'DELETE' });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: (_void, id) => {
      queryClient.setQueriesData<TListResponse<TPost>>({ queryKey: ['posts', 'list'] }, (old) =>
        old
          ? {
              ...old,
              data: old.data.filter((p) => p.id !== id),
              meta: { ...old.meta, total: Math.max(0, old.meta.total - 1) },
            }
          : old,
      );
      return queryClient.invalidateQueries({ queryKey: ['posts'] });
    },
  });
}
