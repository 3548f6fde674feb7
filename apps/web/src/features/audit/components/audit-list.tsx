import { Badge, Select, TextInput } from '@mantine/core';
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  AUDIT_MSG,
  AUDIT_PER_PAGE_OPTIONS,
  DEFAULT_AUDIT_PER_PAGE,
  type TAuditEntry,
} from '@panel/shared';
import { IconListDetails } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { DateRangeFilter } from '../../../components/date-time-field/date-range-filter';
import { ClampedText } from '../../../components/resource-list/clamped-text';
import { filterProps, idFilterProps } from '../../../components/resource-list/list-filters';
import {
  ResourceList,
  type ResourceListAction,
  type ResourceListCard,
  type ResourceListColumn,
} from '../../../components/resource-list/resource-list';
import { useListParams } from '../../../components/resource-list/use-list-params';
import { useDialogTarget } from '../../../components/use-dialog-target';
import { formatDateTime } from '../../../lib/dates/business-time';
import { usePermissions } from '../../../lib/permissions';
import { AUDIT_FILTERS, useAudit } from '../api/get-audit';
import { AdminSelect } from './admin-select';
import { AuditEntryDialog, actorText } from './audit-entry-dialog';
import {
  ACTION_COLORS,
  ACTION_LABELS,
  changedFieldsSummary,
  ENTITY_LABELS,
  entryLabel,
  recordLabel,
} from './audit-labels';

const actionBadge = (e: TAuditEntry) => (
  <Badge color={ACTION_COLORS[e.action]} variant="filled">
    {ACTION_LABELS[e.action]}
  </Badge>
);

const columns: ResourceListColumn<TAuditEntry>[] = [
  {
    key: 'at',
    header: 'Fecha',
    sortable: true,
    width: 140,
    render: (e) => formatDateTime(e.at, 'DD/MM/YYYY HH:mm'),
  },
  {
    key: 'actor_email',
    // Who acted, with the role they acted with: an administrator or a branch manager.
    header: 'Autor',
    sortable: true,
    minWidth: 160,
    priority: 2,
    render: (e) => <ClampedText lines={2}>{actorText(e)}</ClampedText>,
  },
  // Wide enough for "MODIFICACIÓN" in its badge.
  { key: 'action', header: 'Operación', sortable: true, width: 156, render: actionBadge },
  {
    key: 'entity',
    header: 'Registro',
    sortable: true,
    minWidth: 200,
    render: (e) => <ClampedText lines={2}>{entryLabel(e)}</ClampedText>,
  },
  {
    key: 'fields',
    header: 'Campos',
    minWidth: 180,
    priority: 3,
    render: (e) => <ClampedText lines={2}>{changedFieldsSummary(e.changes)}</ClampedText>,
  },
  { key: 'ip', header: 'Dirección IP', width: 130, priority: 4, render: (e) => e.ip ?? '' },
];

const card: ResourceListCard<TAuditEntry> = {
  primary: (e) => entryLabel(e),
  secondary: (e) => actorText(e),
  figures: ['action', 'at', 'fields'],
};

const ENTITY_OPTIONS = AUDIT_ENTITIES.map((value) => ({ value, label: ENTITY_LABELS[value] })).sort((a, b) =>
  a.label.localeCompare(b.label, 'es'),
);
const ACTION_OPTIONS = AUDIT_ACTIONS.map((value) => ({ value, label: ACTION_LABELS[value] }));

/**
 * /audit, "Auditoría" (issue 21, item 9): what administrators changed, newest first, filtered by who,
 * which record, which operation and which days; each entry opens its fields before and after.
 */
export function AuditList() {
  const params = useListParams({
    filters: AUDIT_FILTERS,
    perPageOptions: AUDIT_PER_PAGE_OPTIONS,
    defaultPerPage: DEFAULT_AUDIT_PER_PAGE,
  });
  const result = useAudit(params.query);
  const details = useDialogTarget<TAuditEntry>();
  const openDetails = details.open;
  const rowActions = useMemo<ResourceListAction<TAuditEntry>[]>(
    () => [
      {
        key: 'details',
        label: 'Ver cambios',
        icon: IconListDetails,
        onClick: openDetails,
        ariaLabel: (e) => `Ver cambios de ${entryLabel(e)} del ${formatDateTime(e.at, 'DD/MM/YYYY HH:mm')}`,
      },
    ],
    [openDetails],
  );
  const { filters } = params;
  // A branch manager reads their branch's entries (the API's scope) and cannot list administrators.
  const everyone = usePermissions().can('every-person');
  const recordShown = Boolean(filters.entity && filters.entity_id);

  return (
    <>
      <ResourceList
        title="Auditoría"
        subtitle={
          recordShown
            ? `Historial de cambios de ${recordLabel(filters.entity, Number(filters.entity_id))}.`
            : everyone
              ? 'Lo que cambiaron los administradores: quién, en qué registro, cuándo, y cada campo antes y después.'
              : 'Los cambios en los registros de tu sucursal: quién, en qué registro, cuándo, y cada campo antes y después.'
        }
        breadcrumb="Inicio / Auditoría"
        searchable={false}
        params={params}
        result={result}
        columns={columns}
        card={card}
        getRowId={(e) => e.id}
        getRowName={(e) => `${entryLabel(e)} (${formatDateTime(e.at, 'DD/MM/YYYY HH:mm')})`}
        errorText={AUDIT_MSG.loadError}
        emptyText="No hay cambios registrados con estos filtros."
        rowActions={rowActions}
        perPageOptions={AUDIT_PER_PAGE_OPTIONS}
        filters={
          <>
            {everyone && (
              <AdminSelect label="Administrador" placeholder="Todos" {...idFilterProps(params, 'actor_id')} />
            )}
            <Select
              label="Tipo de registro"
              placeholder="Todos"
              clearable
              searchable
              data={ENTITY_OPTIONS}
              {...filterProps(params, 'entity')}
            />
            <RecordIdField value={filters.entity_id} onChange={(id) => params.setFilter('entity_id', id)} />
            <Select
              label="Operación"
              placeholder="Todas"
              clearable
              data={ACTION_OPTIONS}
              {...filterProps(params, 'action')}
            />
            <DateRangeFilter from={filters.from} to={filters.to} onChange={params.setFilter} />
          </>
        }
      />
      <AuditEntryDialog
        entry={details.target}
        opened={details.opened}
        onClose={details.close}
        recordShown={recordShown}
      />
    </>
  );
}

/** The record's number: digits only; anything else is said under the field and never filters. */
function RecordIdField({ value, onChange }: { value: string; onChange: (id: string | null) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const valid = /^\d{0,15}$/.test(text.trim()) && !/^0+$/.test(text.trim());
  return (
    <TextInput
      label="Nº de registro"
      placeholder="Todos"
      inputMode="numeric"
      value={text}
      error={valid ? undefined : AUDIT_MSG.entityIdInvalid}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setText(next);
        const trimmed = next.trim();
        if (/^\d{1,15}$/.test(trimmed) && !/^0+$/.test(trimmed)) onChange(trimmed);
        else if (trimmed === '') onChange(null);
      }}
    />
  );
}

export default AuditList;
