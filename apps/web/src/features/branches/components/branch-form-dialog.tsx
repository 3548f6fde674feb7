import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Group, Modal, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type TBranch, type TBranchInput, ZBranchInput } from '@panel/shared';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useCreateBranch } from '../api/create-branch';
import { useUpdateBranch } from '../api/update-branch';

type BranchFormOutput = z.output<typeof ZBranchInput>;
const FIELDS = ['name', 'city', 'address', 'connection_string'] as const;

/**
 * The body to send (DECISIONS §4: the connection string is a secret the form replaces or leaves alone):
 * absent keeps the stored one, null removes it, any typed text replaces it.
 */
export function toBranchInput(values: BranchFormOutput, removeConnectionString: boolean): TBranchInput {
  const body: TBranchInput = { name: values.name, city: values.city, address: values.address };
  if (removeConnectionString) body.connection_string = null;
  else if (values.connection_string) body.connection_string = values.connection_string;
  return body;
}

const emptyValues = (branch: TBranch | null): TBranchInput => ({
  name: branch?.name ?? '',
  city: branch?.city ?? '',
  address: branch?.address ?? '',
  connection_string: '',
});

interface BranchFormDialogProps {
  opened: boolean;
  /** The branch to edit; null creates a new one. */
  branch: TBranch | null;
  onClose: () => void;
}

/** "Nueva Sucursal" / "Editar Sucursal" (spec §2.6, §4, §5, §8). */
export function BranchFormDialog({ opened, branch, onClose }: BranchFormDialogProps) {
  const isEdit = branch !== null;
  const createBranch = useCreateBranch();
  const updateBranch = useUpdateBranch();
  const [removeConnection, setRemoveConnection] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TBranchInput, unknown, BranchFormOutput>({
    resolver: zodResolver(ZBranchInput),
    defaultValues: emptyValues(branch),
  });

  useEffect(() => {
    if (!opened) return;
    reset(emptyValues(branch));
    setRemoveConnection(false);
  }, [opened, branch, reset]);

  const onSubmit = handleSubmit(async (values) => {
    const input = toBranchInput(values, removeConnection);
    try {
      if (branch) await updateBranch.mutateAsync({ id: branch.id, input });
      else await createBranch.mutateAsync(input);
      notify.success(isEdit ? 'Sucursal actualizada correctamente' : 'Sucursal creada correctamente');
      onClose();
    } catch (error) {
      setServerFieldErrors(error, FIELDS, setError);
      notify.apiError(error, 'Error al guardar la sucursal');
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={isEdit ? 'Editar Sucursal' : 'Nueva Sucursal'}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Nombre"
            withAsterisk
            data-autofocus
            error={errors.name?.message}
            {...register('name')}
          />
          <TextInput label="Ciudad" error={errors.city?.message} {...register('city')} />
          <TextInput label="Dirección" error={errors.address?.message} {...register('address')} />
          <PasswordInput
            label="Cadena de conexión"
            autoComplete="new-password"
            description={
              branch?.has_connection_string
                ? 'Hay una cadena de conexión guardada. Dejala en blanco para conservarla.'
                : 'Opcional. Se guarda cifrada y nunca se vuelve a mostrar.'
            }
            placeholder={branch?.has_connection_string ? '••••••••' : undefined}
            disabled={removeConnection}
            error={errors.connection_string?.message}
            visibilityToggleButtonProps={{ 'aria-label': 'Mostrar el texto escrito' }}
            {...register('connection_string')}
          />
          {branch?.has_connection_string && (
            <Checkbox
              label="Quitar cadena de conexión"
              checked={removeConnection}
              onChange={(e) => setRemoveConnection(e.currentTarget.checked)}
            />
          )}
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
