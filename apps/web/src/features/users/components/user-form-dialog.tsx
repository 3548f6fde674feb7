import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordInput, Select, Switch } from '@mantine/core';
import { ROLES, roleLabel, type TUser, type TUserCreate, ZUserCreate } from '@panel/shared';
import { Controller, type Resolver } from 'react-hook-form';
import { FormDialog } from '../../../components/form-dialog/form-dialog';
import { FormField, FormInput } from '../../../components/form-dialog/form-field';
import { useFormDialog } from '../../../components/form-dialog/use-form-dialog';
import { BranchSelect } from '../../../components/selects/branch-select';
import { useCreateUser, useUpdateUser } from '../api/save-user';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: roleLabel(role) }));

type FormValues = TUserCreate;
const createResolver = zodResolver(ZUserCreate);
const editResolver = zodResolver(ZUserCreate.omit({ password: true }));

const initialValues = (user: TUser | null): FormValues => ({
  name: user?.name ?? '',
  email: user?.email ?? '',
  password: '',
  role: user?.role ?? 'seller',
  branch_id: user?.branch_id ?? null,
  active: user?.active ?? true,
});

interface UserFormDialogProps {
  opened: boolean;
  /** The person to edit; null adds a new one. */
  user: TUser | null;
  onClose: () => void;
}

/**
 * "Nuevo vendedor" / "Editar vendedor": name, email, role, branch and active. A new person gets an
 * initial password here; an existing one keeps theirs (reset it from the list).
 */
export function UserFormDialog({ opened, user, onClose }: UserFormDialogProps) {
  const isEdit = user !== null;
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const dialog = useFormDialog({
    opened,
    onClose,
    // The same schemas the API validates with; editing sends no password.
    resolver: (isEdit ? editResolver : createResolver) as Resolver<FormValues>,
    record: user,
    audit: 'users',
    values: initialValues,
    submit: async (values) => {
      if (!user) return createUser.mutateAsync(values);
      const { password: _unused, ...changes } = values;
      return updateUser.mutateAsync({ id: user.id, input: changes });
    },
    success: isEdit ? 'Vendedor actualizado correctamente' : 'Vendedor creado correctamente',
    failure: 'Error al guardar el vendedor',
  });
  const {
    control,
    formState: { errors },
  } = dialog.form;

  return (
    <FormDialog {...dialog} title={isEdit ? 'Editar vendedor' : 'Nuevo vendedor'}>
      <FormInput name="name" label="Nombre" withAsterisk data-autofocus autoComplete="off" />
      <FormInput name="email" label="Email" type="email" withAsterisk autoComplete="off" />
      {!isEdit && (
        <FormInput
          name="password"
          component={PasswordInput}
          label="Contraseña inicial"
          withAsterisk
          autoComplete="new-password"
          description="Al menos 8 caracteres. Compartila con la persona por un medio seguro."
          visibilityToggleButtonProps={{ 'aria-label': 'Mostrar la contraseña' }}
        />
      )}
      <Controller
        control={control}
        name="role"
        render={({ field }) => (
          <Select
            label="Rol"
            data={ROLE_OPTIONS}
            value={field.value ?? 'seller'}
            onChange={(value) => field.onChange(value ?? 'seller')}
            allowDeselect={false}
            error={errors.role?.message}
          />
        )}
      />
      <FormField
        name="branch_id"
        component={BranchSelect}
        label="Sucursal"
        placeholder="Sin sucursal"
        clearable
      />
      <Controller
        control={control}
        name="active"
        render={({ field }) => (
          <Switch
            label="Activo"
            description="Una cuenta inactiva no puede iniciar sesión; sus sesiones abiertas se cierran."
            checked={field.value ?? true}
            onChange={(e) => field.onChange(e.currentTarget.checked)}
          />
        )}
      />
    </FormDialog>
  );
}
