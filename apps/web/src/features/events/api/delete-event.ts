import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidateEvents } from './save-event';

export function deleteEvent(id: number): Promise<void> {
  return apiRequest<void>(`/events/${id}`, { method: 'DELETE' });
}

export function useDeleteEvent() {
  const invalidate = useInvalidateEvents();
  return useMutation({ mutationFn: deleteEvent, onSuccess: invalidate });
}
