import type { TUserBulkActive } from '@panel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function setUsersActive(input: TUserBulkActive): Promise<{ updated: number }> {
  return (
    await apiRequest<{ data: { updated: number } }>('/users/bulk-active', { method: 'POST', body: input })
  ).data;
}

export function useSetUsersActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUsersActive,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
