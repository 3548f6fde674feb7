import type { TListResponse, TStory } from '@panel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function deleteStory(id: number): Promise<void> {
  return apiRequest<void>(`/stories/${id}`, { method: 'DELETE' });
}

export function useDeleteStory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStory,
    onSuccess: (_void, id) => {
      queryClient.setQueriesData<TListResponse<TStory>>({ queryKey: ['stories', 'list'] }, (old) =>
        old
          ? {
              ...old,
              data: old.data.filter((s) => s.id !== id),
              meta: { ...old.meta, total: Math.max(0, old.meta.total - 1) },
            }
          : old,
      );
      return queryClient.invalidateQueries({ queryKey: ['stories'] });
    },
  });
}
