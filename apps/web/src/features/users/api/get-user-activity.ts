import type { TUserActivity } from '@panel/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function getUserActivity(userId: number, signal?: AbortSignal): Promise<TUserActivity> {
  const res = await apiRequest<{ data: TUserActivity }>(`/users/${userId}/activity`, { signal });
  return res.data;
}

export const userActivityQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['users', 'activity', userId],
    queryFn: ({ signal }) => getUserActivity(userId, signal),
    // Activity changes all the time: always read it fresh when the dialog opens.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export function useUserActivity(userId: number | null) {
  return useQuery({ ...userActivityQueryOptions(userId ?? 0), enabled: userId !== null });
}
