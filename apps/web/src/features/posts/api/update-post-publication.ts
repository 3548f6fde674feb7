import type { TPost, TPublication } from '@panel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** A scheduled post moved to `publish_at`, or published now without it (PUT /api/posts/{id}/publication). */
export function updatePostPublication(id: number, values: TPublication): Promise<{ data: TPost }> {
  return apiRequest<{ data: TPost }>(`/posts/${id}/publication`, { method: 'PUT', body: values });
}

export function useUpdatePostPublication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number; values: TPublication }) =>
      updatePostPublication(id, values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['posts'] }),
  });
}
