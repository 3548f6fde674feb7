import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { type TNotification, type TNotificationValues, ZNotificationInput } from '@panel/shared';
import { useEffect } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { BranchSelect } from '../../../components/branch-select';
import { TypeSelect } from '../../../components/type-select';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useSaveNotification } from '../api/save-notification';

interface FormValues {
  notification_type_id: number | null;
  branch_id: number | null;
  title: string;
  message: string;
}
const FIELDS = ['notification_type_id', 'branch_id', 'title', 'message'] as const;

/** Spec §5, §9: type 1 and every branch (0) by default. */
const initialValues = (n: TNotification | null): FormValues => ({
  notification_type_id: n?.notification_type_id ?? 1,
  branch_id: n?.branch_id ?? null,
  title: n?.title ?? '',
  message: n?.message ?? '',
});

interface Props {
  opened: boolean;
  notification: TNotification | null;
  onClose: () => void;
}

/** "Nueva notificación" / "Editar notificación" (spec §2.9, §4, §5, §8). */
export function NotificationFormDialog({ opened, notification, onClose }: Props) {
  const save = useSaveNotification();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, TNotificationValues>({
    // The schema's preprocessed ids take `unknown` (form bodies); this form gives numbers or null.
    resolver: zodResolver(ZNotificationInput) as Resolver<FormValues, unknown, TNotificationValues>,
    defaultValues: initialValues(notification),
  });

  useEffect(() => {
    if (opened) reset(initialValues(notification));
  }, [opened, notification, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: notification?.id ?? null, values });
      notify.success(
        notification ? 'Notificación actualizada correctamente' : 'Notificación creada correctamente',
      );
      onClose();
    } catch (error) {
      setServerFieldErrors(error, FIELDS, setError);
      notify.apiError(error, 'Error al guardar la notificación');
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={isSubmitting ? () => {} : onClose}
      title={notification ? 'Editar notificación' : 'Nueva notificación'}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Controller
            control={control}
            name="notification_type_id"
            render={({ field, fieldState }) => (
              <TypeSelect
                path="/notification-types"
                label="Tipo"
                placeholder="Elegí un tipo"
                withAsterisk
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
                loadErrorText="Error al cargar tipos de notificación"
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
          <Controller
            control={control}
            name="branch_id"
            render={({ field, fieldState }) => (
              <BranchSelect
                label="Sucursal"
                allLabel="Todas las sucursales"
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
          <TextInput
            label="Título"
            withAsterisk
            data-autofocus
            error={errors.title?.message}
            {...register('title')}
          />
          <Textarea
            label="Mensaje"
            withAsterisk
            autosize
            minRows={3}
            maxRows={8}
            error={errors.message?.message}
            {...register('message')}
          />
          <Group justify="flex-end" mt="md" gap="sm">
            <Button variant="default" onClick={onClose} disabled={isSubmitting}>
              Cancelar
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Guardando...' : 'Guardar'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
