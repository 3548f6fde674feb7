import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordInput, Select, Switch } from '@mantine/core';
import {
  MSG,
  PASSWORD_MIN,
  ROLE_NAMES,
  type TUser,
  type TUserCreate,
  ZUserCreate,
  ZUserUpdate,
} from '@panel/shared';
import { Controller, type Resolver, useWatch } from 'react-hook-form';
import { useOwnBranchDefault } from '../../../components/form-dialog/branch-field';
import { FormDialog } from '../../../components/form-dialog/form-dialog';
import { FormField, FormInput } from '../../../components/form-dialog/form-field';
import { useFormDialog } from '../../../components/form-dialog/use-form-dialog';
import { BranchSelect } from '../../../components/selects/branch-select';
import { usePermissions } from '../../../lib/permissions';
import { useCreateUser, useUpdateUser } from '../api/save-user';

// In ROLE_NAMES' order: "Vendedor", "Encargado de sucursal", "Administrador".
const ROLE_OPTIONS = Object.entries(ROLE_NAMES).map(([value, label]) => ({ value, label }));

type FormValues = TUserCreate;
const createResolver = zodResolver(ZUserCreate);
// The PUT's own schema without the password (changed from the list), with ZUserCreate's rule that a
// manager names their branch (ZUserCreate itself is refined, and a refined schema cannot be `.omit`ted).
const editResolver = zodResolver(
  ZUserUpdate.omit({ password: true }).refine(
    (user) => user.role !== 'branch_manager' || user.branch_id != null,
    {
      path: ['branch_id'],
      message: MSG.managerBranchRequired,
    },
  ),
);

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
 * initial password here; an existing one keeps theirs (reset it from the list). A branch manager makes
 * and edits sellers of their own branch only: no role to choose, and their branch (lib/permissions.ts).
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
  const { can } = usePermissions();

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
          description={`Al menos ${PASSWORD_MIN} caracteres. Compartila con la persona por un medio seguro.`}
          visibilityToggleButtonProps={{ 'aria-label': 'Mostrar la contraseña' }}
        />
      )}
      {can('choose-role') && (
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
      )}
      <UserBranchField />
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

/** "Sucursal": required for a manager (MSG.managerBranchRequired); a manager's own branch when they fill it. */
function UserBranchField() {
  useOwnBranchDefault();
  const role = useWatch({ name: 'role' });
  return (
    <FormField
      name="branch_id"
      component={BranchSelect}
      label="Sucursal"
      placeholder="Sin sucursal"
      withAsterisk={role === 'branch_manager'}
      clearable
    />
  );
}
