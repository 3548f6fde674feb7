import type { TUser } from '@panel/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function getMe({ signal }: { signal?: AbortSignal } = {}): Promise<TUser> {
  const res = await apiRequest<{ data: TUser }>('/me', { signal });
  return res.data;
}

export const meQueryOptions = () => queryOptions({ queryKey: ['me'], queryFn: getMe, staleTime: 60_000 });

/** The signed-in user, fresh from the server (a 401 ends the session through the api client). */
export function useMe() {
  return useQuery(meQueryOptions());
}
