import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox } from '@mantine/core';
import { type TNotification, type TNotificationValues, ZNotificationInput } from '@panel/shared';
import type { Resolver } from 'react-hook-form';
import { withDateFields } from '../../../components/date-time-field/with-date-fields';
import { BranchField } from '../../../components/form-dialog/branch-field';
import { FormDialog } from '../../../components/form-dialog/form-dialog';
import { FormField, FormInput, FormTextarea } from '../../../components/form-dialog/form-field';
import { useFormDialog } from '../../../components/form-dialog/use-form-dialog';
import { ScheduleField } from '../../../components/schedule-field/schedule-field';
import { withSchedule } from '../../../components/schedule-field/with-schedule';
import { TypeSelect } from '../../../components/selects/type-select';
import { useSaveNotification } from '../api/save-notification';

interface FormValues {
  notification_type_id: number | null;
  branch_id: number | null;
  title: string;
  message: string;
  urgent: boolean;
  schedule: boolean;
  publish_at: string | null;
}
// The schema's preprocessed ids take `unknown` (form bodies); this form gives numbers or null.
const resolver = withDateFields(
  withSchedule(
    zodResolver(ZNotificationInput) as unknown as Resolver<FormValues, unknown, TNotificationValues>,
  ),
  ['publish_at'],
);

/** docs/product.md#validation-messages, #constants: type 1 and every branch (0) by default. */
const initialValues = (n: TNotification | null): FormValues => ({
  notification_type_id: n?.notification_type_id ?? 1,
  branch_id: n?.branch_id ?? null,
  title: n?.title ?? '',
  message: n?.message ?? '',
  urgent: n?.urgent ?? false,
  schedule: Boolean(n?.publish_at),
  publish_at: n?.publish_at ?? null,
});

interface Props {
  opened: boolean;
  notification: TNotification | null;
  onClose: () => void;
}

/** "Nueva notificación" / "Editar notificación" (docs/product.md#notifications, #the-panels-screens, #validation-messages, #messages). */
export function NotificationFormDialog({ opened, notification, onClose }: Props) {
  const save = useSaveNotification();
  const dialog = useFormDialog({
    opened,
    onClose,
    resolver,
    record: notification,
    audit: 'notifications',
    values: initialValues,
    submit: (values) => save.mutateAsync({ id: notification?.id ?? null, values }),
    success: notification ? 'Notificación actualizada correctamente' : 'Notificación creada correctamente',
    failure: 'Error al guardar la notificación',
  });

  return (
    <FormDialog
      {...dialog}
      title={notification ? 'Editar notificación' : 'Nueva notificación'}
      busyLabel="Guardando..."
    >
      <FormField
        name="notification_type_id"
        component={TypeSelect}
        path="/notification-types"
        label="Tipo"
        placeholder="Elegí un tipo"
        withAsterisk
        loadErrorText="Error al cargar tipos de notificación"
        comboboxProps={{ withinPortal: true, position: 'bottom-start' }}
      />
      <BranchField />
      <FormInput name="title" label="Título" withAsterisk data-autofocus />
      <FormTextarea name="message" label="Mensaje" withAsterisk minRows={3} maxRows={8} />
      <Checkbox
        mt="md"
        label="Urgente"
        description="Llega enseguida, aunque el vendedor tenga activado «No molestar»."
        {...dialog.form.register('urgent')}
      />
      {/* A published notification cannot be scheduled again; a scheduled one can be moved or published now. */}
      {(!notification || notification.publish_at) && <ScheduleField />}
    </FormDialog>
  );
}
