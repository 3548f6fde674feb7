import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import {
  DEFAULT_ACTION_POINTS,
  normalizeActionKey,
  POINT_ACTION_MSG,
  type TPointAction,
  type TPointActionCreate,
  ZPointActionCreate,
  ZPointActionUpdate,
} from '@panel/shared';
import { type Resolver, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog/form-dialog';
import { FormField, FormInput, FormTextarea } from '../../../components/form-dialog/form-field';
import { useFormDialog } from '../../../components/form-dialog/use-form-dialog';
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

const initialValues = (action: TPointAction | null): PointActionFormValues => ({
  key: action?.key ?? '',
  name: action?.name ?? '',
  description: action?.description ?? '',
  points: action?.points ?? DEFAULT_ACTION_POINTS,
  daily_limit: action?.daily_limit ?? '',
  cooldown_seconds: action?.cooldown_seconds ?? '',
  active: action?.active ?? true,
});

/** A whole number of the action (points, limit, seconds): no decimals, and a value out of range stays as typed, for the form to say why. */
function WholeNumberField(props: {
  name: string;
  label: string;
  placeholder?: string;
  min: number;
  withAsterisk?: boolean;
}) {
  return <FormField component={NumberInput} allowDecimal={false} clampBehavior="none" {...props} />;
}

interface PointActionFormDialogProps {
  opened: boolean;
  /** The action to edit; null creates a new one. */
  action: TPointAction | null;
  onClose: () => void;
}

/** "Nueva acción" / "Editar acción" (docs/product.md#point-actions, #validation-messages, #messages). The key is fixed after creation. */
export function PointActionFormDialog({ opened, action, onClose }: PointActionFormDialogProps) {
  const isEdit = action !== null;
  const createAction = useCreatePointAction();
  const updateAction = useUpdatePointAction();
  const dialog = useFormDialog({
    opened,
    onClose,
    // On edit the key is not part of the body (the server would ignore it anyway).
    resolver: zodResolver(
      (isEdit ? ZPointActionUpdate : ZPointActionCreate) as typeof ZPointActionCreate,
    ) as unknown as Resolver<PointActionFormValues, unknown, PointActionFormOutput>,
    record: action,
    audit: 'point_actions',
    values: initialValues,
    submit: (values) => {
      const input: TPointActionCreate = {
        key: values.key,
        name: values.name,
        description: values.description,
        points: values.points,
        active: values.active,
        daily_limit: values.daily_limit,
        cooldown_seconds: values.cooldown_seconds,
      };
      if (!action) return createAction.mutateAsync(input);
      const { key: _fixed, ...update } = input;
      return updateAction.mutateAsync({ id: action.id, input: update });
    },
    success: isEdit ? POINT_ACTION_MSG.updated : POINT_ACTION_MSG.created,
    failure: POINT_ACTION_MSG.saveError,
  });
  const { register, control } = dialog.form;
  const typedKey = useWatch({ control, name: 'key' });
  const normalizedKey = normalizeActionKey(typedKey ?? '');

  return (
    <FormDialog {...dialog} title={isEdit ? 'Editar acción' : 'Nueva acción'} size="lg">
      {isEdit ? (
        <TextInput
          label="Clave"
          value={action.key}
          readOnly
          disabled
          description="La clave no cambia después de crear la acción."
        />
      ) : (
        <FormInput
          name="key"
          label="Clave"
          withAsterisk
          data-autofocus
          placeholder="compartir_post"
          description={
            normalizedKey && normalizedKey !== typedKey
              ? `Se guarda como: ${normalizedKey}`
              : 'Minúsculas y guiones bajos; no se puede cambiar después.'
          }
        />
      )}
      <FormInput name="name" label="Nombre" withAsterisk data-autofocus={isEdit || undefined} />
      <FormTextarea name="description" label="Descripción" maxRows={5} />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <WholeNumberField name="points" label="Puntos" withAsterisk min={0} />
        <WholeNumberField name="daily_limit" label="Límite diario" placeholder="Sin límite" min={1} />
        <WholeNumberField
          name="cooldown_seconds"
          label="Cooldown (segundos)"
          placeholder="Sin cooldown"
          min={1}
        />
      </SimpleGrid>
      <Checkbox label="Activa" {...register('active')} />
    </FormDialog>
  );
}
