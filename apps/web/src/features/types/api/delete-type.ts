import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { TypeKind } from './type-kind';

export function deleteType(kind: TypeKind, id: number): Promise<void> {
  return apiRequest<void>(`/${kind}/${id}`, { method: 'DELETE' });
}

export function useDeleteType(kind: TypeKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteType(kind, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [kind] }),
  });
}
