import type { TSessionsEnded } from '@panel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Ends every open session of a user; how many ended. */
export async function endUserSessions(userId: number): Promise<number> {
  const res = await apiRequest<TSessionsEnded>(`/users/${userId}/sessions`, { method: 'DELETE' });
  return res.data.ended;
}

export function useEndUserSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endUserSessions,
    onSuccess: (_ended, userId) => queryClient.invalidateQueries({ queryKey: ['users', 'sessions', userId] }),
  });
}
