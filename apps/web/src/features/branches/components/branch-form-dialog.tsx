import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox, PasswordInput } from '@mantine/core';
import { type TBranch, type TBranchInput, ZBranchInput } from '@panel/shared';
import { useState } from 'react';
import type { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog/form-dialog';
import { FormInput } from '../../../components/form-dialog/form-field';
import { useFormDialog } from '../../../components/form-dialog/use-form-dialog';
import { useCreateBranch } from '../api/create-branch';
import { useUpdateBranch } from '../api/update-branch';

type BranchFormOutput = z.output<typeof ZBranchInput>;
const resolver = zodResolver(ZBranchInput);

/**
 * The body to send (docs/product.md#connection-strings: the connection string is a secret the form replaces or leaves alone):
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

/** "Nueva Sucursal" / "Editar Sucursal" (docs/product.md#branches, #the-panels-screens, #validation-messages, #messages). */
export function BranchFormDialog({ opened, branch, onClose }: BranchFormDialogProps) {
  const createBranch = useCreateBranch();
  const updateBranch = useUpdateBranch();
  const [removeConnection, setRemoveConnection] = useState(false);
  const dialog = useFormDialog({
    opened,
    onClose,
    resolver,
    record: branch,
    audit: 'branches',
    values: emptyValues,
    onReset: () => setRemoveConnection(false),
    submit: (values) => {
      const input = toBranchInput(values, removeConnection);
      return branch ? updateBranch.mutateAsync({ id: branch.id, input }) : createBranch.mutateAsync(input);
    },
    success: branch ? 'Sucursal actualizada correctamente' : 'Sucursal creada correctamente',
    failure: 'Error al guardar la sucursal',
  });

  return (
    <FormDialog {...dialog} title={branch ? 'Editar Sucursal' : 'Nueva Sucursal'}>
      <FormInput name="name" label="Nombre" withAsterisk data-autofocus />
      <FormInput name="city" label="Ciudad" />
      <FormInput name="address" label="Dirección" />
      <FormInput
        name="connection_string"
        component={PasswordInput}
        label="Cadena de conexión"
        autoComplete="new-password"
        description={
          branch?.has_connection_string
            ? 'Hay una cadena de conexión guardada. Dejala en blanco para conservarla.'
            : 'Opcional. Se guarda cifrada y nunca se vuelve a mostrar.'
        }
        placeholder={branch?.has_connection_string ? '••••••••' : undefined}
        disabled={removeConnection}
        visibilityToggleButtonProps={{ 'aria-label': 'Mostrar el texto escrito' }}
      />
      {branch?.has_connection_string && (
        <Checkbox
          label="Quitar cadena de conexión"
          checked={removeConnection}
          onChange={(e) => setRemoveConnection(e.currentTarget.checked)}
        />
      )}
    </FormDialog>
  );
}
