import { Badge, Code, Select, Text } from '@mantine/core';
import {
  formatActionPoints,
  formatCooldown,
  formatDailyLimit,
  POINT_ACTION_MSG,
  type TPointAction,
} from '@panel/shared';
import { IconToggleLeft, IconToggleRight } from '@tabler/icons-react';
import { useEffect, useMemo, useRef } from 'react';
import { ConfirmDialog, useConfirmDelete } from '../../../components/confirm-dialog';
import { ClampedText } from '../../../components/resource-list/clamped-text';
import { filterProps } from '../../../components/resource-list/list-filters';
import {
  ResourceList,
  type ResourceListAction,
  type ResourceListCard,
  type ResourceListColumn,
} from '../../../components/resource-list/resource-list';
import { useListParams } from '../../../components/resource-list/use-list-params';
import { useDialogTarget } from '../../../components/use-dialog-target';
import { notify } from '../../../lib/notify';
import { useDeletePointAction } from '../api/delete-point-action';
import { usePointActions } from '../api/get-point-actions';
import { useTogglePointAction } from '../api/toggle-point-action';
import { PointActionFormDialog } from './point-action-form-dialog';

const columns: ResourceListColumn<TPointAction>[] = [
  { key: 'name', header: 'Nombre', sortable: true, minWidth: 150 },
  {
    key: 'key',
    header: 'Clave',
    sortable: true,
    width: 150,
    priority: 3,
    render: (a) => <Code style={{ wordBreak: 'break-all' }}>{a.key}</Code>,
  },
  {
    key: 'description',
    header: 'Descripción',
    minWidth: 160,
    priority: 3,
    render: (a) => <ClampedText>{a.description}</ClampedText>,
  },
  {
    key: 'points',
    header: 'Puntos',
    sortable: true,
    width: 90,
    render: (a) => (
      <Text size="sm" fw={600} c="teal.9">
        {formatActionPoints(a.points)}
      </Text>
    ),
  },
  {
    key: 'daily_limit',
    header: 'Límite diario',
    width: 105,
    priority: 2,
    render: (a) => formatDailyLimit(a.daily_limit),
  },
  {
    key: 'cooldown_seconds',
    header: 'Cooldown',
    width: 116,
    priority: 2,
    render: (a) => formatCooldown(a.cooldown_seconds),
  },
  {
    key: 'active',
    header: 'Estado',
    width: 96,
    render: (a) => (
      <Badge color={a.active ? 'teal.9' : 'gray.7'} variant="filled">
        {a.active ? 'Activa' : 'Inactiva'}
      </Badge>
    ),
  },
];

const card: ResourceListCard<TPointAction> = {
  primary: (a) => a.name,
  secondary: (a) => <Code style={{ wordBreak: 'break-all' }}>{a.key}</Code>,
  figures: ['points', 'daily_limit', 'cooldown_seconds', 'active'],
};

/** /point-actions, "Configuración" (docs/product.md#point-actions). */
export function PointActionList() {
  const params = useListParams({ filters: ['active'] as const });
  const result = usePointActions(params.query);
  const toggleAction = useTogglePointAction();
  const deleteAction = useDeletePointAction();
  const deletion = useConfirmDelete({
    remove: (row: TPointAction) => deleteAction.mutateAsync(row.id),
    success: POINT_ACTION_MSG.deleted,
    failure: POINT_ACTION_MSG.deleteError,
  });
  const form = useDialogTarget<TPointAction>();

  // docs/product.md#messages: a failed load also raises the toast "Error al cargar acciones de puntos".
  const loadFailed = result.isError;
  useEffect(() => {
    if (loadFailed) notify.error(POINT_ACTION_MSG.loadErrorToast);
  }, [loadFailed]);

  const toggle = async (action: TPointAction) => {
    try {
      const updated = await toggleAction.mutateAsync({ id: action.id, active: !action.active });
      notify.success(updated.active ? POINT_ACTION_MSG.activated : POINT_ACTION_MSG.deactivated);
    } catch (error) {
      notify.apiError(error, POINT_ACTION_MSG.toggleError);
    }
  };

  const filtered = Boolean(params.query.q) || params.activeFilterCount > 0;
  // The rows are memoized: the toggle reaches the latest handler through a ref, and the actions
  // change (rendering the rows again) only when the action being toggled does.
  const latest = useRef(toggle);
  latest.current = toggle;
  const pendingId = toggleAction.isPending ? toggleAction.variables?.id : undefined;
  const rowActions = useMemo<ResourceListAction<TPointAction>[]>(
    () => [
      {
        key: 'toggle',
        label: (a) => (a.active ? 'Desactivar' : 'Activar'),
        ariaLabel: (a) => (a.active ? `Desactivar ${a.name}` : `Activar ${a.name}`),
        iconOf: (a) => (a.active ? IconToggleRight : IconToggleLeft),
        display: 'icon',
        color: (a) => (a.active ? 'teal' : 'gray'),
        pressed: (a) => a.active,
        disabled: (a) => a.id === pendingId,
        onClick: (a) => latest.current(a),
      },
    ],
    [pendingId],
  );

  return (
    <>
      <ResourceList
        title="Configuración de puntos"
        subtitle="Las acciones que suman puntos en la app de la comunidad, con sus límites."
        breadcrumb="Inicio / Gamificación / Configuración"
        searchPlaceholder="Buscar por nombre, clave o descripción..."
        params={params}
        result={result}
        columns={columns}
        card={card}
        getRowId={(a) => a.id}
        getRowName={(a) => a.name}
        errorText={POINT_ACTION_MSG.loadError}
        emptyText={filtered ? 'No hay acciones que coincidan con la búsqueda.' : POINT_ACTION_MSG.empty}
        onAdd={() => form.open(null)}
        onEdit={form.open}
        onDelete={deletion.ask}
        canDelete={(a) => !a.built_in}
        rowActions={rowActions}
        filters={
          <Select
            label="Estado"
            placeholder="Todas"
            data={[
              { value: 'true', label: 'Activas' },
              { value: 'false', label: 'Inactivas' },
            ]}
            clearable
            {...filterProps(params, 'active')}
          />
        }
      />
      <PointActionFormDialog opened={form.opened} action={form.target} onClose={form.close} />
      <ConfirmDialog
        {...deletion.dialog}
        title="Eliminar acción"
        message={`¿Seguro que querés eliminar la acción «${deletion.row?.name ?? ''}»? Esta acción no se puede deshacer.`}
      />
    </>
  );
}

export default PointActionList;
