import { Badge, Group, Select, Stack, Text } from '@mantine/core';
import { ROLES, roleLabel, type TUser } from '@panel/shared';
import { useState } from 'react';
import { BranchSelect } from '../../../components/branch-select';
import { ResourceList, type ResourceListColumn } from '../../../components/resource-list/resource-list';
import { useListParams } from '../../../components/resource-list/use-list-params';
import { USER_FILTERS, useUsers } from '../api/get-users';
import { UserFormDialog } from './user-form-dialog';
import { UserRowActions } from './user-row-actions';

const ROLE_FILTER_OPTIONS = ROLES.map((role) => ({ value: role, label: roleLabel(role) }));
const ACTIVE_FILTER_OPTIONS = [
  { value: 'true', label: 'Activos' },
  { value: 'false', label: 'Inactivos' },
];

const columns: ResourceListColumn<TUser>[] = [
  {
    key: 'name',
    header: 'Nombre',
    sortable: true,
    render: (user) => (
      <Stack gap={2}>
        <Group gap={6} wrap="wrap">
          <Text size="sm" fw={500} span>
            {user.name}
          </Text>
          {!user.active && (
            <Badge size="xs" color="gray" variant="outline">
              Inactivo
            </Badge>
          )}
        </Group>
        {user.branch_name && (
          <Text size="xs" c="dimmed" span>
            {user.branch_name}
          </Text>
        )}
      </Stack>
    ),
  },
  { key: 'email', header: 'Email', sortable: true },
  {
    key: 'role',
    header: 'Rol',
    sortable: true,
    width: 150,
    render: (user) => (
      <Badge variant="light" color={user.role === 'seller' ? 'teal' : 'indigo'}>
        {roleLabel(user.role)}
      </Badge>
    ),
  },
];

/** /users, "Vendedores" (spec §2.5): admins and sellers, searched, filtered and paged on the server. */
export function UserList() {
  const params = useListParams({ filters: USER_FILTERS });
  const result = useUsers(params.query);
  // The chosen row stays set while its dialog closes, so titles do not flicker.
  const [formOpened, setFormOpened] = useState(false);
  const [editing, setEditing] = useState<TUser | null>(null);

  const openForm = (user: TUser | null) => {
    setEditing(user);
    setFormOpened(true);
  };

  const branchFilter = params.filters.branch_id ? Number(params.filters.branch_id) : null;

  return (
    <>
      <ResourceList
        title="Vendedores"
        subtitle="Las personas del equipo: vendedores y administradores."
        breadcrumb="Inicio / Vendedores"
        params={params}
        result={result}
        columns={columns}
        getRowId={(u) => u.id}
        errorText="Error al cargar vendedores"
        onAdd={() => openForm(null)}
        actionsWidth={220}
        rowActions={(user) => <UserRowActions user={user} onEdit={openForm} />}
        filters={
          <>
            <Select
              label="Rol"
              placeholder="Todos los roles"
              data={ROLE_FILTER_OPTIONS}
              value={params.filters.role || null}
              onChange={(value) => params.setFilter('role', value)}
              clearable
              comboboxProps={{ withinPortal: false }}
            />
            <BranchSelect
              label="Sucursal"
              placeholder="Todas las sucursales"
              clearable
              value={branchFilter}
              onChange={(id) => params.setFilter('branch_id', id === null ? null : String(id))}
              comboboxProps={{ withinPortal: false }}
            />
            <Select
              label="Estado"
              placeholder="Activos e inactivos"
              data={ACTIVE_FILTER_OPTIONS}
              value={params.filters.active || null}
              onChange={(value) => params.setFilter('active', value)}
              clearable
              comboboxProps={{ withinPortal: false }}
            />
          </>
        }
      />
      <UserFormDialog opened={formOpened} user={editing} onClose={() => setFormOpened(false)} />
    </>
  );
}

export default UserList;
