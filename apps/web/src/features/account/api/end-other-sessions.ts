import type { TSessionsEnded } from '@panel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** How many sessions ended. */
export async function endOtherSessions(): Promise<number> {
  const res = await apiRequest<TSessionsEnded>('/me/sessions/end-others', { method: 'POST' });
  return res.data.ended;
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['me', 'sessions'] }),
  });
}
