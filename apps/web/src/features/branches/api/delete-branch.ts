import type { TBranch, TListResponse } from '@panel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function deleteBranch(id: number): Promise<void> {
  return apiRequest<void>(`/branches/${id}`, { method: 'DELETE' });
}

export function useDeleteBranch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBranch,
    onSuccess: (_void, id) => {
      // docs/product.md#the-panels-screens: the row leaves the list at once; the refetch then fills the page again.
      queryClient.setQueriesData<TListResponse<TBranch>>({ queryKey: ['branches', 'list'] }, (old) =>
        old
          ? {
              ...old,
              data: old.data.filter((b) => b.id !== id),
              meta: { ...old.meta, total: Math.max(0, old.meta.total - 1) },
            }
          : old,
      );
      return queryClient.invalidateQueries({ queryKey: ['branches'] });
    },
  });
}
