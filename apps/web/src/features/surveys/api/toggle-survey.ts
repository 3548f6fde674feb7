import type { TSurvey } from '@panel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function toggleSurvey({ id, active }: { id: number; active: boolean }): Promise<TSurvey> {
  const res = await apiRequest<{ data: TSurvey }>(`/admin/surveys/${id}/toggle`, {
    method: 'PATCH',
    body: { active },
  });
  return res.data;
}

export function useToggleSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleSurvey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['surveys'] }),
  });
}
