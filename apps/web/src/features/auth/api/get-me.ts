import type { TMeResponse, TUser } from '@panel/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { setBusinessTimeZone } from '../../../lib/dates/time-zone';
import { quietRetry } from '../../../lib/query-client';

/** The signed-in user; the answer also names the business time zone, which every date follows. */
export async function getMe({ signal }: { signal?: AbortSignal } = {}): Promise<TUser> {
  const res = await apiRequest<TMeResponse>('/me', { signal });
  if (res.meta?.time_zone) setBusinessTimeZone(res.meta.time_zone);
  return res.data;
}

export const meQueryOptions = () =>
  queryOptions({ queryKey: ['me'], queryFn: getMe, staleTime: 60_000, retry: quietRetry });

/** The signed-in user, fresh from the server (a 401 ends the session through the api client). */
export function useMe() {
  return useQuery(meQueryOptions());
}
