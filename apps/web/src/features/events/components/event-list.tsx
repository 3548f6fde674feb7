import { ColorSwatch, Group } from '@mantine/core';
import type { TEvent } from '@panel/shared';
import { ConfirmDialog, useConfirmDelete } from '../../../components/confirm-dialog';
import { DateRangeFilter } from '../../../components/date-time-field/date-range-filter';
import { ClampedText } from '../../../components/resource-list/clamped-text';
import { idFilterProps } from '../../../components/resource-list/list-filters';
import {
  ResourceList,
  type ResourceListBulkDelete,
  type ResourceListCard,
  type ResourceListColumn,
} from '../../../components/resource-list/resource-list';
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
    minWidth: 160,
    render: (e) => <EventTitle event={e} />,
  },
  {
    key: 'description',
    header: 'Descripción',
    minWidth: 180,
    priority: 3,
    render: (e) => <ClampedText>{e.description}</ClampedText>,
  },
  {
    key: 'start_at',
    header: 'Inicio',
    sortable: true,
    width: 140,
    render: (e) => formatDateTime(e.start_at, DATE),
  },
  {
    key: 'end_at',
    header: 'Fin',
    sortable: true,
    width: 140,
    priority: 2,
    render: (e) => formatDateTime(e.end_at, DATE),
  },
  { key: 'type', header: 'Tipo', width: 140, priority: 2, render: (e) => e.event_type.name },
];

function EventTitle({ event }: { event: TEvent }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <ColorSwatch
        color={event.event_type.color}
        size={12}
        title={event.event_type.name}
        aria-hidden
        mt={5}
        style={{ flex: 'none' }}
      />
      <ClampedText>{event.title}</ClampedText>
    </Group>
  );
}

const card: ResourceListCard<TEvent> = {
  primary: (e) => <EventTitle event={e} />,
  secondary: (e) => e.event_type.name,
  figures: ['start_at', 'end_at'],
};

/** "Eliminar seleccionadas" (issue 21, item 10): one request, all or nothing. */
const BULK_DELETE: ResourceListBulkDelete<TEvent> = {
  resource: 'events',
  noun: { one: 'evento', many: 'eventos' },
  rowLabel: (e) => `Seleccionar «${e.title}»`,
  failure: 'Error al eliminar eventos',
};

/** /events (docs/product.md#events): title, description, start and end; add, edit and delete. */
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
        card={card}
        getRowId={(e) => e.id}
        getRowName={(e) => `«${e.title}»`}
        errorText="Error al cargar eventos"
        onAdd={() => form.open(null)}
        onEdit={form.open}
        onDelete={deletion.ask}
        bulkDelete={BULK_DELETE}
        filters={
          <>
            <TypeSelect
              path="/event-types"
              label="Tipo"
              placeholder="Todos los tipos"
              clearable
              loadErrorText="Error al cargar tipos de evento"
              {...idFilterProps(params, 'event_type_id')}
            />
            <BranchSelect
              label="Sucursal"
              placeholder="Todas"
              clearable
              {...idFilterProps(params, 'branch_id')}
            />
            <DateRangeFilter from={filters.from} to={filters.to} onChange={params.setFilter} />
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
