import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function deleteNotificationType(id: number): Promise<void> {
  return apiRequest<void>(`/notification-types/${id}`, { method: 'DELETE' });
}

export function useDeleteNotificationType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotificationType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['notification-types'] }),
  });
}
