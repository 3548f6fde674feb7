import type { TBranch, TBranchInput } from '@panel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function createBranch(input: TBranchInput): Promise<TBranch> {
  const res = await apiRequest<{ data: TBranch }>('/branches', { method: 'POST', body: input });
  return res.data;
}

export function useCreateBranch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBranch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['branches'] }),
  });
}
