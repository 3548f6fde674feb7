import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  DEFAULT_ACTION_POINTS,
  normalizeActionKey,
  POINT_ACTION_MSG,
  type TPointAction,
  type TPointActionCreate,
  ZPointActionCreate,
  ZPointActionUpdate,
} from '@panel/shared';
import { useEffect } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useCreatePointAction } from '../api/create-point-action';
import { useUpdatePointAction } from '../api/update-point-action';

/** What the inputs hold: number inputs give '' when empty, which the schema reads as "none". */
interface PointActionFormValues {
  key: string;
  name: string;
  description: string;
  points: number | string;
  daily_limit: number | string;
  cooldown_seconds: number | string;
  active: boolean;
}
type PointActionFormOutput = z.output<typeof ZPointActionCreate>;

const FIELDS = ['key', 'name', 'description', 'points', 'daily_limit', 'cooldown_seconds'] as const;

const initialValues = (action: TPointAction | null): PointActionFormValues => ({
  key: action?.key ?? '',
  name: action?.name ?? '',
  description: action?.description ?? '',
  points: action?.points ?? DEFAULT_ACTION_POINTS,
  daily_limit: action?.daily_limit ?? '',
  cooldown_seconds: action?.cooldown_seconds ?? '',
  active: action?.active ?? true,
});

interface PointActionFormDialogProps {
  opened: boolean;
  /** The action to edit; null creates a new one. */
  action: TPointAction | null;
  onClose: () => void;
}

/** "Nueva acción" / "Editar acción" (spec §2.15, §5, §8). The key is fixed after creation. */
export function PointActionFormDialog({ opened, action, onClose }: PointActionFormDialogProps) {
  const isEdit = action !== null;
  const createAction = useCreatePointAction();
  const updateAction = useUpdatePointAction();
  // On edit the key is not part of the body (the server would ignore it anyway).
  const schema = isEdit ? ZPointActionUpdate : ZPointActionCreate;
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<PointActionFormValues, unknown, PointActionFormOutput>({
    resolver: zodResolver(schema as typeof ZPointActionCreate) as unknown as Resolver<
      PointActionFormValues,
      unknown,
      PointActionFormOutput
    >,
    defaultValues: initialValues(action),
  });

  useEffect(() => {
    if (opened) reset(initialValues(action));
  }, [opened, action, reset]);

  const typedKey = watch('key');
  const normalizedKey = normalizeActionKey(typedKey ?? '');

  const onSubmit = handleSubmit(async (values) => {
    const input: TPointActionCreate = {
      key: values.key,
      name: values.name,
      description: values.description,
      points: values.points,
      active: values.active,
      daily_limit: values.daily_limit,
      cooldown_seconds: values.cooldown_seconds,
    };
    try {
      if (action) {
        const { key: _fixed, ...update } = input;
        await updateAction.mutateAsync({ id: action.id, input: update });
      } else {
        await createAction.mutateAsync(input);
      }
      notify.success(isEdit ? POINT_ACTION_MSG.updated : POINT_ACTION_MSG.created);
      onClose();
    } catch (error) {
      setServerFieldErrors(error, FIELDS, setError);
      notify.apiError(error, POINT_ACTION_MSG.saveError);
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={isEdit ? 'Editar acción' : 'Nueva acción'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {isEdit ? (
            <TextInput
              label="Clave"
              value={action.key}
              readOnly
              disabled
              description="La clave no cambia después de crear la acción."
            />
          ) : (
            <TextInput
              label="Clave"
              withAsterisk
              data-autofocus
              placeholder="compartir_post"
              description={
                normalizedKey && normalizedKey !== typedKey
                  ? `Se guarda como: ${normalizedKey}`
                  : 'Minúsculas y guiones bajos; no se puede cambiar después.'
              }
              error={errors.key?.message}
              {...register('key')}
            />
          )}
          <TextInput
            label="Nombre"
            withAsterisk
            data-autofocus={isEdit || undefined}
            error={errors.name?.message}
            {...register('name')}
          />
          <Textarea
            label="Descripción"
            autosize
            minRows={2}
            maxRows={5}
            error={errors.description?.message}
            {...register('description')}
          />
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <Controller
              control={control}
              name="points"
              render={({ field }) => (
                <NumberInput
                  label="Puntos"
                  withAsterisk
                  min={0}
                  allowDecimal={false}
                  clampBehavior="none"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  name={field.name}
                  error={errors.points?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="daily_limit"
              render={({ field }) => (
                <NumberInput
                  label="Límite diario"
                  placeholder="Sin límite"
                  min={1}
                  allowDecimal={false}
                  clampBehavior="none"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  name={field.name}
                  error={errors.daily_limit?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="cooldown_seconds"
              render={({ field }) => (
                <NumberInput
                  label="Cooldown (segundos)"
                  placeholder="Sin cooldown"
                  min={1}
                  allowDecimal={false}
                  clampBehavior="none"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  name={field.name}
                  error={errors.cooldown_seconds?.message}
                />
              )}
            />
          </SimpleGrid>
          <Checkbox label="Activa" {...register('active')} />
          <Group justify="flex-end" mt="md" gap="sm">
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
