import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type CatalogItem, type CatalogKind, descriptionKey } from './catalog-resource';

export interface CatalogInput {
  code: string;
  description: string;
}

/** POST /{kind} without an id, PUT /{kind}/{id} with one (docs/api-contract.md). */
export async function saveCatalogItem(kind: CatalogKind, id: number | null, input: CatalogInput) {
  const body = { code: input.code, [descriptionKey(kind)]: input.description };
  const res = await apiRequest<{ data: CatalogItem }>(id === null ? `/${kind}` : `/${kind}/${id}`, {
    method: id === null ? 'POST' : 'PUT',
    body,
  });
  return res.data;
}

export function useSaveCatalogItem(kind: CatalogKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: CatalogInput }) =>
      saveCatalogItem(kind, id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [kind] }),
  });
}
