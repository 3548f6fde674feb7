import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function endMySession(id: number): Promise<void> {
  await apiRequest<void>(`/me/sessions/${id}`, { method: 'DELETE' });
}

export function useEndMySession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endMySession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['me', 'sessions'] }),
  });
}
