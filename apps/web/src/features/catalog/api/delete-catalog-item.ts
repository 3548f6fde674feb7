import type { TListResponse } from '@panel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { CatalogItem, CatalogKind } from './catalog-resource';

export function deleteCatalogItem(kind: CatalogKind, id: number): Promise<void> {
  return apiRequest<void>(`/${kind}/${id}`, { method: 'DELETE' });
}

export function useDeleteCatalogItem(kind: CatalogKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteCatalogItem(kind, id),
    onSuccess: (_void, id) => {
      queryClient.setQueriesData<TListResponse<CatalogItem>>({ queryKey: [kind, 'list'] }, (old) =>
        old
          ? {
              ...old,
              data: old.data.filter((item) => item.id !== id),
              meta: { ...old.meta, total: Math.max(0, old.meta.total - 1) },
            }
          : old,
      );
      return queryClient.invalidateQueries({ queryKey: [kind] });
    },
  });
}
