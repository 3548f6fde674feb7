import { Group, Text } from '@mantine/core';
import type { TNotification } from '@panel/shared';
import { useState } from 'react';
import { BranchSelect } from '../../../components/branch-select';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { NotificationIcon } from '../../../components/notification-icon';
import { ResourceList, type ResourceListColumn } from '../../../components/resource-list/resource-list';
import { useListParams } from '../../../components/resource-list/use-list-params';
import { TypeSelect } from '../../../components/type-select';
import { notify } from '../../../lib/notify';
import { useDeleteNotification } from '../api/delete-notification';
import { useNotifications } from '../api/get-notifications';
import { NotificationFormDialog } from './notification-form-dialog';

const columns: ResourceListColumn<TNotification>[] = [
  { key: 'title', header: 'Titulo', sortable: true, width: '26%' },
  {
    key: 'message',
    header: 'Notificacion',
    sortable: true,
    render: (n) => (
      <Text size="sm" lineClamp={2} title={n.message}>
        {n.message}
      </Text>
    ),
  },
  {
    key: 'type',
    header: 'Tipo',
    width: 170,
    render: (n) => (
      <Group gap="xs" wrap="nowrap">
        <NotificationIcon icon={n.notification_type.icon} color={n.notification_type.color} size={26} />
        <Text size="sm" truncate>
          {n.notification_type.name}
        </Text>
      </Group>
    ),
  },
  { key: 'branch', header: 'Sucursal', width: 150, render: (n) => n.branch_name ?? 'Todas' },
];

/** /notifications, titled "Notificaciones" (spec §2.9, DECISIONS §3): add, edit and delete. */
export function NotificationList() {
  const params = useListParams({ filters: ['notification_type_id', 'branch_id'] as const });
  const result = useNotifications(params.query);
  const remove = useDeleteNotification();
  const [formOpened, setFormOpened] = useState(false);
  const [editing, setEditing] = useState<TNotification | null>(null);
  const [deleteOpened, setDeleteOpened] = useState(false);
  const [toDelete, setToDelete] = useState<TNotification | null>(null);

  const openForm = (n: TNotification | null) => {
    setEditing(n);
    setFormOpened(true);
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      notify.success('Notificación eliminada correctamente');
    } catch (error) {
      // DECISIONS §3: the spec only logged this failure; the dialog closes and the user is told.
      notify.apiError(error, 'Error al eliminar la notificación');
    } finally {
      setDeleteOpened(false);
    }
  };

  const typeFilter = params.filters.notification_type_id;
  const branchFilter = params.filters.branch_id;

  return (
    <>
      <ResourceList
        title="Notificaciones"
        subtitle="Los avisos que reciben los vendedores en la app."
        breadcrumb="Inicio / Notificaciones"
        searchPlaceholder="Buscar..."
        params={params}
        result={result}
        columns={columns}
        getRowId={(n) => n.id}
        errorText="Error al cargar las notificaciones"
        onAdd={() => openForm(null)}
        onEdit={openForm}
        onDelete={(n) => {
          setToDelete(n);
          setDeleteOpened(true);
        }}
        minTableWidth={760}
        filters={
          <>
            <TypeSelect
              path="/notification-types"
              label="Tipo"
              placeholder="Todos los tipos"
              clearable
              value={typeFilter ? Number(typeFilter) : null}
              onChange={(id) => params.setFilter('notification_type_id', id === null ? null : String(id))}
              loadErrorText="Error al cargar tipos de notificación"
              comboboxProps={{ withinPortal: false }}
            />
            <BranchSelect
              label="Sucursal"
              placeholder="Todas"
              clearable
              value={branchFilter ? Number(branchFilter) : null}
              onChange={(id) => params.setFilter('branch_id', id === null ? null : String(id))}
              comboboxProps={{ withinPortal: false }}
            />
          </>
        }
      />
      <NotificationFormDialog
        opened={formOpened}
        notification={editing}
        onClose={() => setFormOpened(false)}
      />
      <ConfirmDialog
        opened={deleteOpened}
        title="Eliminar notificación"
        message={`¿Seguro que querés eliminar la notificación «${toDelete?.title ?? ''}»?`}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleteOpened(false)}
      />
    </>
  );
}

export default NotificationList;
