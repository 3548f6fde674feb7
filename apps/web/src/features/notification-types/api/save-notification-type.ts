import type { TNotificationType, TNotificationTypeValues } from '@panel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { toFormBody } from '../../../lib/form-body';

/** `POST /notification-types` (create) or `POST /notification-types/{id}` with `_method=PUT` (edit), as forms. */
export async function saveNotificationType({
  id,
  values,
}: {
  id: number | null;
  values: TNotificationTypeValues;
}): Promise<TNotificationType> {
  const res = await apiRequest<{ data: TNotificationType }>(
    id === null ? '/notification-types' : `/notification-types/${id}`,
    { method: 'POST', body: toFormBody(values, { update: id !== null }) },
  );
  return res.data;
}

export function useSaveNotificationType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationType,
    // Notifications show their type's name, colour and icon.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['notification-types'] }),
        queryClient.invalidateQueries({ queryKey: ['notifications'] }),
      ]),
  });
}
