import { ColorSwatch, Group, Text } from '@mantine/core';
import type { TNotificationType } from '@panel/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { NotificationIcon } from '../../../components/notification-icon';
import { ResourceList, type ResourceListColumn } from '../../../components/resource-list/resource-list';
import { useListParams } from '../../../components/resource-list/use-list-params';
import { notify } from '../../../lib/notify';
import { useDeleteNotificationType } from '../api/delete-notification-type';
import { useNotificationTypes } from '../api/get-notification-types';
import { NotificationTypeFormDialog } from './notification-type-form-dialog';

const columns: ResourceListColumn<TNotificationType>[] = [
  { key: 'name', header: 'Nombre', sortable: true },
  {
    key: 'color',
    header: 'Color',
    width: 150,
    render: (t) => (
      <Group gap="xs" wrap="nowrap">
        <ColorSwatch color={t.color} size={20} aria-hidden />
        <Text size="sm" ff="monospace">
          {t.color}
        </Text>
      </Group>
    ),
  },
  {
    key: 'icon',
    header: 'Ícono',
    width: 130,
    render: (t) => (
      <Group gap="xs" wrap="nowrap">
        <NotificationIcon icon={t.icon} color={t.color} size={30} />
        <Text size="sm" c="dimmed">
          {t.icon}
        </Text>
      </Group>
    ),
  },
];

/** /notification-types (spec §2.10): name, colour and icon; add, edit and delete. */
export function NotificationTypeList() {
  const params = useListParams();
  const result = useNotificationTypes(params.query);
  const remove = useDeleteNotificationType();
  const [formOpened, setFormOpened] = useState(false);
  const [editing, setEditing] = useState<TNotificationType | null>(null);
  const [deleteOpened, setDeleteOpened] = useState(false);
  const [toDelete, setToDelete] = useState<TNotificationType | null>(null);

  const openForm = (type: TNotificationType | null) => {
    setEditing(type);
    setFormOpened(true);
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      notify.success('Tipo de notificación eliminado correctamente');
    } catch (error) {
      // DECISIONS §3: the dialog closes and the failure is shown, never silent.
      notify.apiError(error, 'Error al eliminar el tipo de notificación');
    } finally {
      setDeleteOpened(false);
    }
  };

  return (
    <>
      <ResourceList
        title="Tipos de Notificación"
        subtitle="Las categorías de las notificaciones, con su color y su ícono."
        breadcrumb="Inicio / Tipos de Notificación"
        searchPlaceholder="Buscar..."
        params={params}
        result={result}
        columns={columns}
        getRowId={(t) => t.id}
        errorText="Error al cargar tipos de notificaciones"
        onAdd={() => openForm(null)}
        onEdit={openForm}
        onDelete={(t) => {
          setToDelete(t);
          setDeleteOpened(true);
        }}
        minTableWidth={520}
      />
      <NotificationTypeFormDialog opened={formOpened} type={editing} onClose={() => setFormOpened(false)} />
      <ConfirmDialog
        opened={deleteOpened}
        title="Eliminar tipo de notificación"
        message={`¿Seguro que querés eliminar el tipo «${toDelete?.name ?? ''}»?`}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleteOpened(false)}
      />
    </>
  );
}

export default NotificationTypeList;
