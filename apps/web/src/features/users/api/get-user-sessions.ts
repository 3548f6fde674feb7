import type { TSessionList } from '@panel/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function getUserSessions(userId: number, signal?: AbortSignal): Promise<TSessionList> {
  return apiRequest<TSessionList>(`/users/${userId}/sessions`, { signal });
}

export const userSessionsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['users', 'sessions', userId],
    queryFn: ({ signal }) => getUserSessions(userId, signal),
    // Sessions begin and end all the time: read them fresh whenever the dialog opens.
    staleTime: 0,
    gcTime: 0,
  });

export function useUserSessions(userId: number | null) {
  return useQuery({ ...userSessionsQueryOptions(userId ?? 0), enabled: userId !== null });
}
