import { zodResolver } from '@hookform/resolvers/zod';
import { Badge, Button, Group, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { DEFAULT_COLOR, type TEventType, type TEventTypeValues, ZEventTypeInput } from '@panel/shared';
import { useEffect } from 'react';
import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { ColorField } from '../../../components/color-field';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useSaveEventType } from '../api/save-event-type';

interface FormValues {
  name: string;
  color: string;
}
const FIELDS = ['name', 'color'] as const;

const initialValues = (type: TEventType | null): FormValues => ({
  name: type?.name ?? '',
  color: type?.color ?? DEFAULT_COLOR,
});

interface Props {
  opened: boolean;
  type: TEventType | null;
  onClose: () => void;
}

/** New or edit event type (spec §2.11): name, colour and a preview of how the calendar shows it. */
export function EventTypeFormDialog({ opened, type, onClose }: Props) {
  const save = useSaveEventType();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, TEventTypeValues>({
    // The schema's preprocessed colour takes `unknown` (form bodies); this form gives a string.
    resolver: zodResolver(ZEventTypeInput) as Resolver<FormValues, unknown, TEventTypeValues>,
    defaultValues: initialValues(type),
  });
  const [name, color] = useWatch({ control, name: ['name', 'color'] });
  const previewColor = /^#[0-9a-fA-F]{6}$/.test(color) ? color : DEFAULT_COLOR;

  useEffect(() => {
    if (opened) reset(initialValues(type));
  }, [opened, type, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: type?.id ?? null, values });
      notify.success(
        type ? 'Tipo de evento actualizado correctamente' : 'Tipo de evento creado correctamente',
      );
      onClose();
    } catch (error) {
      setServerFieldErrors(error, FIELDS, setError);
      notify.apiError(error, 'Error al guardar el tipo de evento');
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={type ? 'Editar tipo de evento' : 'Nuevo tipo de evento'}
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
          <Paper withBorder radius="md" p="sm" aria-label="Vista previa">
            <Text size="xs" c="dimmed" mb={6}>
              Vista previa
            </Text>
            <Group gap="sm">
              <Badge
                color={previewColor}
                radius="sm"
                size="lg"
                autoContrast
                style={{ textTransform: 'none' }}
              >
                {name.trim() || 'Nombre del tipo'}
              </Badge>
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
