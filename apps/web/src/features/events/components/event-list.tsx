import { ColorSwatch, Group, Text } from '@mantine/core';
import type { TEvent } from '@panel/shared';
import { ConfirmDialog, useConfirmDelete } from '../../../components/confirm-dialog';
import { DateField } from '../../../components/date-time-field/date-time-field';
import { ResourceList, type ResourceListColumn } from '../../../components/resource-list/resource-list';
import { useListParams } from '../../../components/resource-list/use-list-params';
import { BranchSelect } from '../../../components/selects/branch-select';
import { TypeSelect } from '../../../components/selects/type-select';
import { useDialogTarget } from '../../../components/use-dialog-target';
import { formatDateTime } from '../../../lib/dates/business-time';
import { useDeleteEvent } from '../api/delete-event';
import { useEvents } from '../api/get-events';
import { EventFormDialog } from './event-form-dialog';

const DATE = 'DD/MM/YYYY HH:mm';

const columns: ResourceListColumn<TEvent>[] = [
  {
    key: 'title',
    header: 'Título',
    sortable: true,
    width: '24%',
    render: (e) => (
      <Group gap="xs" wrap="nowrap">
        <ColorSwatch color={e.event_type.color} size={12} title={e.event_type.name} aria-hidden />
        <Text size="sm" truncate title={e.title}>
          {e.title}
        </Text>
      </Group>
    ),
  },
  {
    key: 'description',
    header: 'Descripción',
    render: (e) => (
      <Text size="sm" lineClamp={2} c={e.description ? undefined : 'dimmed'}>
        {e.description ?? '—'}
      </Text>
    ),
  },
  {
    key: 'start_at',
    header: 'Inicio',
    sortable: true,
    width: 150,
    render: (e) => formatDateTime(e.start_at, DATE),
  },
  { key: 'end_at', header: 'Fin', sortable: true, width: 150, render: (e) => formatDateTime(e.end_at, DATE) },
  { key: 'type', header: 'Tipo', width: 150, render: (e) => e.event_type.name },
];

/** /events (spec §2.12): title, description, start and end; add, edit and delete. */
export function EventList() {
  const params = useListParams({ filters: ['event_type_id', 'branch_id', 'from', 'to'] as const });
  const result = useEvents(params.query);
  const remove = useDeleteEvent();
  const deletion = useConfirmDelete({
    remove: (row: TEvent) => remove.mutateAsync(row.id),
    success: 'Evento eliminado correctamente',
    failure: 'Error al eliminar el evento',
  });
  const form = useDialogTarget<TEvent>();

  const { filters } = params;
  return (
    <>
      <ResourceList
        title="Eventos"
        subtitle="Capacitaciones, reuniones y fechas clave que los vendedores ven en el calendario."
        breadcrumb="Inicio / Eventos"
        searchPlaceholder="Buscar..."
        params={params}
        result={result}
        columns={columns}
        getRowId={(e) => e.id}
        errorText="Error al cargar eventos"
        onAdd={() => form.open(null)}
        onEdit={form.open}
        onDelete={deletion.ask}
        minTableWidth={860}
        filters={
          <>
            <TypeSelect
              path="/event-types"
              label="Tipo"
              placeholder="Todos los tipos"
              clearable
              value={filters.event_type_id ? Number(filters.event_type_id) : null}
              onChange={(id) => params.setFilter('event_type_id', id === null ? null : String(id))}
              loadErrorText="Error al cargar tipos de evento"
              comboboxProps={{ withinPortal: false }}
            />
            <BranchSelect
              label="Sucursal"
              placeholder="Todas"
              clearable
              value={filters.branch_id ? Number(filters.branch_id) : null}
              onChange={(id) => params.setFilter('branch_id', id === null ? null : String(id))}
              comboboxProps={{ withinPortal: false }}
            />
            <DateField
              label="Desde"
              value={filters.from}
              max={filters.to || null}
              onChange={(day) => params.setFilter('from', day)}
              withinPortal={false}
            />
            <DateField
              label="Hasta"
              value={filters.to}
              min={filters.from || null}
              onChange={(day) => params.setFilter('to', day)}
              withinPortal={false}
            />
          </>
        }
      />
      <EventFormDialog opened={form.opened} event={form.target} onClose={form.close} />
      <ConfirmDialog
        {...deletion.dialog}
        title="Eliminar evento"
        message={`¿Seguro que querés eliminar el evento «${deletion.row?.title ?? ''}»?`}
      />
    </>
  );
}

export default EventList;
