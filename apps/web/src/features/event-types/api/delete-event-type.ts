import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function deleteEventType(id: number): Promise<void> {
  return apiRequest<void>(`/event-types/${id}`, { method: 'DELETE' });
}

export function useDeleteEventType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEventType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['event-types'] }),
  });
}
