import type { TBranch, TBranchInput } from '@panel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function updateBranch({ id, input }: { id: number; input: TBranchInput }): Promise<TBranch> {
  const res = await apiRequest<{ data: TBranch }>(`/branches/${id}`, { method: 'PUT', body: input });
  return res.data;
}

export function useUpdateBranch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBranch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['branches'] }),
  });
}
