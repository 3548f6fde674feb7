import type { TEventType, TEventTypeValues } from '@panel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { toFormBody } from '../../../lib/form-body';

/** `POST /event-types` (create) or `POST /event-types/{id}` with `_method=PUT` (edit), as forms (spec §7). */
export async function saveEventType({ id, values }: { id: number | null; values: TEventTypeValues }) {
  const res = await apiRequest<{ data: TEventType }>(id === null ? '/event-types' : `/event-types/${id}`, {
    method: 'POST',
    body: toFormBody(values, { update: id !== null }),
  });
  return res.data;
}

export function useSaveEventType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEventType,
    // Events and the calendar show their type's name and colour.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['event-types'] }),
        queryClient.invalidateQueries({ queryKey: ['events'] }),
      ]),
  });
}
