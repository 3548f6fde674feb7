import type { TSessionList } from '@panel/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function getMySessions(signal?: AbortSignal): Promise<TSessionList> {
  return apiRequest<TSessionList>('/me/sessions', { signal });
}

export const mySessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['me', 'sessions'],
    queryFn: ({ signal }) => getMySessions(signal),
    // Sessions begin and end elsewhere: read them fresh whenever the screen opens.
    staleTime: 0,
  });

export function useMySessions() {
  return useQuery(mySessionsQueryOptions());
}
