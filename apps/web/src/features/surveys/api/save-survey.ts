import type { TSurveyDetail, TSurveyInput } from '@panel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function createSurvey(input: TSurveyInput): Promise<TSurveyDetail> {
  const res = await apiRequest<{ data: TSurveyDetail }>('/admin/surveys', { method: 'POST', body: input });
  return res.data;
}

export async function updateSurvey({
  id,
  input,
}: {
  id: number;
  input: TSurveyInput;
}): Promise<TSurveyDetail> {
  const res = await apiRequest<{ data: TSurveyDetail }>(`/admin/surveys/${id}`, {
    method: 'PUT',
    body: input,
  });
  return res.data;
}

export function useCreateSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSurvey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['surveys'] }),
  });
}

export function useUpdateSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSurvey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['surveys'] }),
  });
}
