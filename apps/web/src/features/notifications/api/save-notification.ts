import type { TNotification, TNotificationValues } from '@panel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { toFormBody } from '../../../lib/form-body';

/** `POST /notifications` (create) or `POST /notifications/{id}` with `_method=PUT` (edit), as forms (docs/api-contract.md). */
export async function saveNotification({
  id,
  values,
}: {
  id: number | null;
  values: TNotificationValues;
}): Promise<TNotification> {
  const body = toFormBody(
    {
      notification_type_id: values.notification_type_id,
      branch_id: values.branch_id ?? 0,
      title: values.title,
      message: values.message,
      urgent: values.urgent ? 1 : 0,
      // Absent: published now (an edit of a scheduled one publishes it).
      ...(values.publish_at ? { publish_at: values.publish_at } : {}),
    },
    { update: id !== null },
  );
  const res = await apiRequest<{ data: TNotification }>(
    id === null ? '/notifications' : `/notifications/${id}`,
    {
      method: 'POST',
      body,
    },
  );
  return res.data;
}

export function useSaveNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  });
}
