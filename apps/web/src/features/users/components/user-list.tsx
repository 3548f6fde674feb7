import { Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { ROLE_NAMES, roleLabel, type TUser } from '@panel/shared';
import { IconFileDownload, IconFileUpload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmailText } from '../../../components/email-text';
import { filterProps, idFilterProps } from '../../../components/resource-list/list-filters';
import {
  ResourceList,
  type ResourceListCard,
  type ResourceListColumn,
} from '../../../components/resource-list/resource-list';
import { useListParams } from '../../../components/resource-list/use-list-params';
import { BranchSelect } from '../../../components/selects/branch-select';
import { useDialogTarget } from '../../../components/use-dialog-target';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { usePermissions } from '../../../lib/permissions';
import { useSetUsersActive } from '../api/bulk-active';
import { exportUsers } from '../api/export-users';
import { USER_FILTERS, useUsers } from '../api/get-users';
import { useResetUserMfa } from '../api/reset-mfa';
import { ImportUsersDialog } from './import-users-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';
import { useSellerDialogs } from './seller-dialogs';
import { UserFormDialog } from './user-form-dialog';
import { userRowActions } from './user-row-actions';

// "Vendedor", "Encargado", "Administrador", in ROLE_NAMES' order.
const ROLE_FILTER_OPTIONS = Object.keys(ROLE_NAMES).map((role) => ({ value: role, label: roleLabel(role) }));
const ACTIVE_FILTER_OPTIONS = [
  { value: 'true', label: 'Activos' },
  { value: 'false', label: 'Inactivos' },
];

function UserName({ user }: { user: TUser }) {
  return (
    <Group gap={6} wrap="wrap">
      <Text size="sm" fw={500} span>
        {user.name}
      </Text>
      {!user.active && (
        <Badge size="xs" color="gray.7" variant="outline">
          Inactivo
        </Badge>
      )}
    </Group>
  );
}

const ROLE_COLORS: Record<TUser['role'], string> = {
  seller: 'teal.9',
  branch_manager: 'grape.9',
  admin: 'indigo.9',
};

const roleBadge = (user: TUser) => (
  <Badge variant="filled" color={ROLE_COLORS[user.role]}>
    {roleLabel(user.role)}
  </Badge>
);

const columns: ResourceListColumn<TUser>[] = [
  {
    key: 'name',
    header: 'Nombre',
    sortable: true,
    minWidth: 170,
    render: (user) => (
      <Stack gap={2}>
        <UserName user={user} />
        {user.branch_name && (
          <Text size="xs" c="dimmed" span>
            {user.branch_name}
          </Text>
        )}
      </Stack>
    ),
  },
  {
    key: 'email',
    header: 'Email',
    sortable: true,
    minWidth: 180,
    priority: 2,
    render: (user) => <EmailText email={user.email} />,
  },
  { key: 'role', header: 'Rol', sortable: true, width: 168, priority: 2, render: roleBadge },
];

const card: ResourceListCard<TUser> = {
  primary: (user) => <UserName user={user} />,
  secondary: (user) => (
    <>
      <EmailText email={user.email} />
      {user.branch_name && ` · ${user.branch_name}`}
    </>
  ),
  figures: ['role'],
};

/**
 * /users, "Vendedores" (docs/product.md#sellers): sellers, branch managers and administrators, searched,
 * filtered and paged on the server. A branch manager sees and manages their branch's sellers only.
 */
export function UserList() {
  const { can } = usePermissions();
  const everyone = can('every-person');
  const mayResetMfa = can('reset-mfa');
  const params = useListParams({ filters: USER_FILTERS });
  const sellerDialogs = useSellerDialogs();
  const result = useUsers(params.query);
  const form = useDialogTarget<TUser>();
  const reset = useDialogTarget<TUser>();
  const resetMfa = useDialogTarget<TUser>();
  const rowActions = useMemo(
    () =>
      userRowActions({
        onEdit: form.open,
        onResetPassword: reset.open,
        onResetMfa: mayResetMfa ? resetMfa.open : null,
        onSellerDialog: sellerDialogs.open,
      }),
    [form.open, reset.open, resetMfa.open, sellerDialogs.open, mayResetMfa],
  );
  const mfaReset = useResetUserMfa();
  const applyMfaReset = async () => {
    const user = resetMfa.target;
    if (!user) return;
    try {
      await mfaReset.mutateAsync(user.id);
      notify.success(`Se restableció la verificación en dos pasos de ${user.name}.`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404)
        notify.info(`${user.name} no tiene la verificación en dos pasos activa.`);
      else notify.apiError(error, 'No se pudo restablecer la verificación en dos pasos.');
    } finally {
      resetMfa.close();
    }
  };
  const [importOpened, setImportOpened] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [selected, setSelected] = useState<Set<string | number>>(() => new Set());
  const [confirmDeactivate, setConfirmDeactivate] = useState(false);
  const setActive = useSetUsersActive();

  const applyActive = async (active: boolean) => {
    const ids = [...selected].map(Number);
    try {
      const { updated } = await setActive.mutateAsync({ ids, active });
      const people = updated === 1 ? '1 persona' : `${updated} personas`;
      notify.success(active ? `Se activó a ${people}` : `Se desactivó a ${people}`);
      setSelected(new Set());
    } catch (error) {
      notify.apiError(error, active ? 'Error al activar' : 'Error al desactivar');
    } finally {
      setConfirmDeactivate(false);
    }
  };

  const download = async () => {
    setExporting(true);
    try {
      await exportUsers(params.query);
    } catch (error) {
      notify.apiError(error, 'Error al exportar vendedores');
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <ResourceList
        title="Vendedores"
        subtitle={
          everyone
            ? 'Las personas del equipo: vendedores, encargados y administradores.'
            : 'Los vendedores de tu sucursal.'
        }
        breadcrumb="Inicio / Vendedores"
        params={params}
        result={result}
        columns={columns}
        card={card}
        getRowId={(u) => u.id}
        getRowName={(u) => u.name}
        errorText="Error al cargar vendedores"
        onAdd={() => form.open(null)}
        rowActions={rowActions}
        actionsWidth={360}
        toolbar={
          <>
            <Button
              variant="default"
              leftSection={<IconFileDownload size={16} aria-hidden />}
              onClick={download}
              loading={exporting}
            >
              Exportar
            </Button>
            <Button
              variant="default"
              leftSection={<IconFileUpload size={16} aria-hidden />}
              onClick={() => setImportOpened(true)}
            >
              Importar
            </Button>
          </>
        }
        selection={{
          selected,
          onChange: setSelected,
          rowLabel: (user) => `Seleccionar a ${user.name}`,
          actions: (
            <>
              <Button
                size="xs"
                onClick={() => applyActive(true)}
                loading={setActive.isPending && !confirmDeactivate}
              >
                Activar
              </Button>
              <Button size="xs" color="red.9" onClick={() => setConfirmDeactivate(true)}>
                Desactivar
              </Button>
            </>
          ),
        }}
        filters={
          <>
            {everyone && (
              <Select
                label="Rol"
                placeholder="Todos los roles"
                data={ROLE_FILTER_OPTIONS}
                clearable
                {...filterProps(params, 'role')}
              />
            )}
            <BranchSelect
              label="Sucursal"
              placeholder="Todas las sucursales"
              clearable
              {...idFilterProps(params, 'branch_id')}
            />
            <Select
              label="Estado"
              placeholder="Activos e inactivos"
              data={ACTIVE_FILTER_OPTIONS}
              clearable
              {...filterProps(params, 'active')}
            />
          </>
        }
      />
      <UserFormDialog opened={form.opened} user={form.target} onClose={form.close} />
      <ResetPasswordDialog opened={reset.opened} user={reset.target} onClose={reset.close} />
      {sellerDialogs.dialogs}
      <ImportUsersDialog opened={importOpened} onClose={() => setImportOpened(false)} />
      <ConfirmDialog
        opened={resetMfa.opened}
        title="Restablecer verificación en dos pasos"
        message={`¿Quitar la verificación en dos pasos de ${resetMfa.target?.name ?? ''}? Va a ingresar solo con su contraseña y podrá activarla de nuevo en "Mi cuenta".`}
        confirmLabel="Restablecer"
        busyLabel="Restableciendo..."
        busy={mfaReset.isPending}
        onConfirm={() => void applyMfaReset()}
        onClose={resetMfa.close}
      />
      <ConfirmDialog
        opened={confirmDeactivate}
        title="Desactivar"
        message={`¿Desactivar ${selected.size === 1 ? 'a 1 persona' : `a ${selected.size} personas`}? No van a poder iniciar sesión y se cerrarán sus sesiones abiertas.`}
        confirmLabel="Desactivar"
        busyLabel="Desactivando..."
        busy={setActive.isPending}
        onConfirm={() => applyActive(false)}
        onClose={() => setConfirmDeactivate(false)}
      />
    </>
  );
}

export default UserList;
