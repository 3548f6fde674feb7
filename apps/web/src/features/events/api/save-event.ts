import type { TEvent, TEventValues } from '@panel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { toFormBody } from '../../../lib/form-body';

/** `POST /events` (create) or `POST /events/{id}` with `_method=PUT` (edit), as forms; dates as ISO instants. */
export async function saveEvent({
  id,
  values,
}: {
  id: number | null;
  values: TEventValues;
}): Promise<TEvent> {
  const body = toFormBody(
    {
      event_type_id: values.event_type_id,
      branch_id: values.branch_id ?? 0,
      title: values.title,
      description: values.description,
      start_at: values.start_at,
      end_at: values.end_at,
    },
    { update: id !== null },
  );
  const res = await apiRequest<{ data: TEvent }>(id === null ? '/events' : `/events/${id}`, {
    method: 'POST',
    body,
  });
  return res.data;
}

/** Events feed the list, the calendar and the menu badge (dashboard summary). */
export function useInvalidateEvents() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['events'] }),
      queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    ]);
}

export function useSaveEvent() {
  const invalidate = useInvalidateEvents();
  return useMutation({ mutationFn: saveEvent, onSuccess: invalidate });
}
