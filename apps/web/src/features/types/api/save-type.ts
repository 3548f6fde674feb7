import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { toFormBody } from '../../../lib/form-body';
import { TYPE_USED_BY, type TypeKind, type TypeRecord, type TypeValues } from './type-kind';

/** `POST /{kind}` (create) or `POST /{kind}/{id}` with `_method=PUT` (edit), as forms (docs/api-contract.md). */
export async function saveType(kind: TypeKind, { id, values }: { id: number | null; values: TypeValues }) {
  const res = await apiRequest<{ data: TypeRecord }>(id === null ? `/${kind}` : `/${kind}/${id}`, {
    method: 'POST',
    body: toFormBody(values, { update: id !== null }),
  });
  return res.data;
}

export function useSaveType(kind: TypeKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number | null; values: TypeValues }) => saveType(kind, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [kind] }),
        queryClient.invalidateQueries({ queryKey: [TYPE_USED_BY[kind]] }),
      ]),
  });
}
