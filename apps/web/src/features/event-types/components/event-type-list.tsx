import { ColorSwatch, Group, Text } from '@mantine/core';
import type { TEventType } from '@panel/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ResourceList, type ResourceListColumn } from '../../../components/resource-list/resource-list';
import { useListParams } from '../../../components/resource-list/use-list-params';
import { notify } from '../../../lib/notify';
import { useDeleteEventType } from '../api/delete-event-type';
import { useEventTypes } from '../api/get-event-types';
import { EventTypeFormDialog } from './event-type-form-dialog';

const columns: ResourceListColumn<TEventType>[] = [
  { key: 'name', header: 'Nombre', sortable: true },
  {
    key: 'color',
    header: 'Color',
    width: 160,
    render: (t) => (
      <Group gap="xs" wrap="nowrap">
        <ColorSwatch color={t.color} size={20} aria-hidden />
        <Text size="sm" ff="monospace">
          {t.color}
        </Text>
      </Group>
    ),
  },
];

/** /event-types (spec §2.11): name and colour; add, edit and delete. */
export function EventTypeList() {
  const params = useListParams();
  const result = useEventTypes(params.query);
  const remove = useDeleteEventType();
  const [formOpened, setFormOpened] = useState(false);
  const [editing, setEditing] = useState<TEventType | null>(null);
  const [deleteOpened, setDeleteOpened] = useState(false);
  const [toDelete, setToDelete] = useState<TEventType | null>(null);

  const openForm = (type: TEventType | null) => {
    setEditing(type);
    setFormOpened(true);
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      notify.success('Tipo de evento eliminado correctamente');
    } catch (error) {
      // DECISIONS §3: the dialog closes and the failure is shown, never silent.
      notify.apiError(error, 'Error al eliminar el tipo de evento');
    } finally {
      setDeleteOpened(false);
    }
  };

  return (
    <>
      <ResourceList
        title="Tipos de Eventos"
        subtitle="Las categorías de los eventos y el color con que se ven en el calendario."
        breadcrumb="Inicio / Tipos de Eventos"
        searchPlaceholder="Buscar..."
        params={params}
        result={result}
        columns={columns}
        getRowId={(t) => t.id}
        errorText="Error al cargar tipos de eventos"
        onAdd={() => openForm(null)}
        onEdit={openForm}
        onDelete={(t) => {
          setToDelete(t);
          setDeleteOpened(true);
        }}
        minTableWidth={420}
      />
      <EventTypeFormDialog opened={formOpened} type={editing} onClose={() => setFormOpened(false)} />
      <ConfirmDialog
        opened={deleteOpened}
        title="Eliminar tipo de evento"
        message={`¿Seguro que querés eliminar el tipo «${toDelete?.name ?? ''}»?`}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleteOpened(false)}
      />
    </>
  );
}

export default EventTypeList;
