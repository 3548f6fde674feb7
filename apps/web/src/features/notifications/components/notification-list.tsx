import { Badge, Group, Stack, Text } from '@mantine/core';
import type { TNotification } from '@panel/shared';
import { useMemo } from 'react';
import { ConfirmDialog, useConfirmDelete } from '../../../components/confirm-dialog';
import { NotificationIcon } from '../../../components/notification-icon';
import { ClampedText } from '../../../components/resource-list/clamped-text';
import { idFilterProps } from '../../../components/resource-list/list-filters';
import {
  ResourceList,
  type ResourceListBulkDelete,
  type ResourceListCard,
  type ResourceListColumn,
} from '../../../components/resource-list/resource-list';
import { useListParams } from '../../../components/resource-list/use-list-params';
import { ScheduledBadge } from '../../../components/schedule-field/scheduled-badge';
import { BranchSelect } from '../../../components/selects/branch-select';
import { TypeSelect } from '../../../components/selects/type-select';
import { useDialogTarget } from '../../../components/use-dialog-target';
import { useDeleteNotification } from '../api/delete-notification';
import { useNotifications } from '../api/get-notifications';
import { NotificationFormDialog } from './notification-form-dialog';
import { NotificationReadersDialog } from './notification-readers-dialog';
import { ReadReceipt } from './read-receipt';

const columnsWith = (openReaders: (n: TNotification) => void): ResourceListColumn<TNotification>[] => [
  {
    key: 'title',
    header: 'Título',
    sortable: true,
    minWidth: 160,
    render: (n) => <NotificationTitle notification={n} onReaders={openReaders} />,
  },
  {
    key: 'message',
    header: 'Notificación',
    sortable: true,
    minWidth: 180,
    priority: 2,
    render: (n) => <ClampedText>{n.message}</ClampedText>,
  },
  {
    key: 'type',
    header: 'Tipo',
    width: 150,
    priority: 2,
    render: (n) => <NotificationTypeCell notification={n} />,
  },
  { key: 'branch', header: 'Sucursal', width: 130, priority: 3, render: (n) => n.branch_name ?? 'Todas' },
];

/**
 * The title, "Urgente" when its pushes ignore the sellers' No molestar (issue 23.6), and under it the
 * read receipt (issue 21.11): in the first column, so it shows at every width and in the cards.
 */
function NotificationTitle({
  notification: n,
  onReaders,
}: {
  notification: TNotification;
  onReaders: (n: TNotification) => void;
}) {
  return (
    <Stack gap={4}>
      <Group gap={6} wrap="wrap">
        <Text size="sm" span style={{ overflowWrap: 'anywhere' }}>
          {n.title}
        </Text>
        {n.urgent && (
          <Badge color="red.8" variant="filled" size="sm" tt="none">
            Urgente
          </Badge>
        )}
      </Group>
      {/* A scheduled one has no readers yet: its time instead. */}
      {n.publish_at ? (
        <ScheduledBadge publishAt={n.publish_at} />
      ) : (
        <ReadReceipt notification={n} onOpen={onReaders} />
      )}
    </Stack>
  );
}

function NotificationTypeCell({ notification: n }: { notification: TNotification }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <NotificationIcon icon={n.notification_type.icon} color={n.notification_type.color} size={26} />
      <ClampedText lines={1}>{n.notification_type.name}</ClampedText>
    </Group>
  );
}

const cardWith = (openReaders: (n: TNotification) => void): ResourceListCard<TNotification> => ({
  primary: (n) => <NotificationTitle notification={n} onReaders={openReaders} />,
  secondary: (n) => <ClampedText>{n.message}</ClampedText>,
  figures: ['type', 'branch'],
});

/** "Eliminar seleccionadas" (issue 21, item 10): one request, all or nothing. */
const BULK_DELETE: ResourceListBulkDelete<TNotification> = {
  resource: 'notifications',
  noun: { one: 'notificación', many: 'notificaciones' },
  rowLabel: (n) => `Seleccionar «${n.title}»`,
  failure: 'Error al eliminar notificaciones',
};

/** /notifications, titled "Notificaciones" (docs/product.md#notifications, docs/product.md#the-two-readings-settled): add, edit and delete. */
export function NotificationList() {
  const params = useListParams({ filters: ['notification_type_id', 'branch_id'] as const });
  const result = useNotifications(params.query);
  const remove = useDeleteNotification();
  const deletion = useConfirmDelete({
    remove: (row: TNotification) => remove.mutateAsync(row.id),
    success: 'Notificación eliminada correctamente',
    failure: 'Error al eliminar la notificación',
  });
  const form = useDialogTarget<TNotification>();
  const readers = useDialogTarget<TNotification>();
  const columns = useMemo(() => columnsWith(readers.open), [readers.open]);
  const card = useMemo(() => cardWith(readers.open), [readers.open]);

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
        card={card}
        getRowId={(n) => n.id}
        getRowName={(n) => `«${n.title}»`}
        errorText="Error al cargar las notificaciones"
        onAdd={() => form.open(null)}
        onEdit={form.open}
        onDelete={deletion.ask}
        bulkDelete={BULK_DELETE}
        filters={
          <>
            <TypeSelect
              path="/notification-types"
              label="Tipo"
              placeholder="Todos los tipos"
              clearable
              loadErrorText="Error al cargar tipos de notificación"
              {...idFilterProps(params, 'notification_type_id')}
            />
            <BranchSelect
              label="Sucursal"
              placeholder="Todas"
              clearable
              {...idFilterProps(params, 'branch_id')}
            />
          </>
        }
      />
      <NotificationFormDialog opened={form.opened} notification={form.target} onClose={form.close} />
      <NotificationReadersDialog
        opened={readers.opened}
        notification={readers.target}
        onClose={readers.close}
      />
      <ConfirmDialog
        {...deletion.dialog}
        title="Eliminar notificación"
        message={`¿Seguro que querés eliminar la notificación «${deletion.row?.title ?? ''}»?`}
      />
    </>
  );
}

export default NotificationList;
