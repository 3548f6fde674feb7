import type { TPublication } from '@panel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** The records whose only edit while scheduled is their time: PUT /api/{resource}/{id}/publication. */
export type PublicationResource = 'posts' | 'stories';

/**
 * A scheduled post or story moved to `publish_at`, or published now without it
 * (docs/product.md#scheduled-publishing); its list is fetched again.
 */
export function useUpdatePublication(resource: PublicationResource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number; values: TPublication }) =>
      apiRequest<{ data: unknown }>(`/${resource}/${id}/publication`, { method: 'PUT', body: values }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [resource] }),
  });
}
