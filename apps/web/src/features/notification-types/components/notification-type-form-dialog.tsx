import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import {
  DEFAULT_COLOR,
  DEFAULT_NOTIFICATION_ICON,
  type TNotificationType,
  type TNotificationTypeValues,
  ZNotificationTypeInput,
} from '@panel/shared';
import { useEffect } from 'react';
import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { ColorField } from '../../../components/color-field';
import { NotificationIcon } from '../../../components/notification-icon';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useSaveNotificationType } from '../api/save-notification-type';
import { NotificationIconPicker } from './notification-icon-picker';

interface FormValues {
  name: string;
  color: string;
  icon: string;
}
const FIELDS = ['name', 'color', 'icon'] as const;

const initialValues = (type: TNotificationType | null): FormValues => ({
  name: type?.name ?? '',
  color: type?.color ?? DEFAULT_COLOR,
  icon: type?.icon ?? DEFAULT_NOTIFICATION_ICON,
});

interface Props {
  opened: boolean;
  type: TNotificationType | null;
  onClose: () => void;
}

/** New or edit notification type (spec §2.10): name, colour picker plus hex, icon with preview. */
export function NotificationTypeFormDialog({ opened, type, onClose }: Props) {
  const save = useSaveNotificationType();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, TNotificationTypeValues>({
    // The schema's preprocessed fields take `unknown` (form bodies); this form only gives them strings.
    resolver: zodResolver(ZNotificationTypeInput) as Resolver<FormValues, unknown, TNotificationTypeValues>,
    defaultValues: initialValues(type),
  });
  const [name, color, icon] = useWatch({ control, name: ['name', 'color', 'icon'] });
  const previewColor = /^#[0-9a-fA-F]{6}$/.test(color) ? color : DEFAULT_COLOR;

  useEffect(() => {
    if (opened) reset(initialValues(type));
  }, [opened, type, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: type?.id ?? null, values });
      notify.success(
        type ? 'Tipo de notificación actualizado correctamente' : 'Tipo de notificación creado correctamente',
      );
      onClose();
    } catch (error) {
      setServerFieldErrors(error, FIELDS, setError);
      notify.apiError(error, 'Error al guardar el tipo de notificación');
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={type ? 'Editar tipo de notificación' : 'Nuevo tipo de notificación'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Nombre"
            withAsterisk
            data-autofocus
            error={errors.name?.message}
            {...register('name')}
          />
          <Controller
            control={control}
            name="color"
            render={({ field, fieldState }) => (
              <ColorField
                label="Color"
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="icon"
            render={({ field, fieldState }) => (
              <NotificationIconPicker
                value={field.value}
                color={previewColor}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
          <Paper withBorder radius="md" p="sm" aria-label="Vista previa">
            <Text size="xs" c="dimmed" mb={6}>
              Vista previa
            </Text>
            <Group gap="sm" wrap="nowrap">
              <NotificationIcon icon={icon} color={previewColor} size={40} />
              <div style={{ minWidth: 0 }}>
                <Text fw={600} truncate>
                  {name.trim() || 'Nombre del tipo'}
                </Text>
                <Text size="sm" c="dimmed">
                  {icon} · {previewColor.toUpperCase()}
                </Text>
              </div>
            </Group>
          </Paper>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={isSubmitting}>
              Cancelar
            </Button>
            <Button type="submit" loading={isSubmitting}>
              Guardar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
