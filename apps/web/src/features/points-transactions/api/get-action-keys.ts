import type { TListResponse, TPointAction } from '@panel/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { quietRetry } from '../../../lib/query-client';

/** The configured point actions' keys matching `q` (key or name), for the Historial filter. */
export function useActionKeys(q: string) {
  return useQuery({
    queryKey: ['point-actions', 'keys', q],
    queryFn: ({ signal }) =>
      apiRequest<TListResponse<TPointAction>>('/admin/point-actions', {
        query: { q: q || undefined, per_page: 20, sort: 'key' },
        signal,
      }),
    select: (res) => res.data.map((action) => action.key),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: quietRetry,
  });
}
