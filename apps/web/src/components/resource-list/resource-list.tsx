import { ActionIcon, Box, Button, Checkbox, Group, Paper, Table, Text, UnstyledButton } from '@mantine/core';
import type { TListResponse } from '@panel/shared';
import {
  IconArrowDown,
  IconArrowsSort,
  IconArrowUp,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { memo, type ReactNode, useEffect, useRef, useState } from 'react';
import { PageHeader } from '../page-header';
import { ListFilters } from './list-filters';
import { ListPagination } from './list-pagination';
import { ListSearch } from './list-search';
import { ListTable } from './list-table';
import classes from './resource-list.module.css';
import { type ListParams, nextSort } from './use-list-params';

export interface ResourceListColumn<T> {
  /** Unique; also the default text (`row[key]`) and the default sort key. */
  key: string;
  header: string;
  render?: (row: T) => ReactNode;
  /** `true` sorts by `key` on the server; a string sorts by that name instead. */
  sortable?: boolean | string;
  width?: number | string;
}

export interface ResourceListSelection<T> {
  /** Ids (from `getRowId`) of the selected rows; they may span pages. */
  selected: ReadonlySet<string | number>;
  onChange: (selected: Set<string | number>) => void;
  /** Shown above the table while rows are selected (e.g. "Activar" / "Desactivar"). */
  actions?: ReactNode;
  /** Accessible name of a row's checkbox. Default "Seleccionar fila". */
  rowLabel?: (row: T) => string;
}

export interface ResourceListProps<T, F extends string = string> {
  title: string;
  subtitle?: ReactNode;
  /** Default "Inicio / {title}". */
  breadcrumb?: string;
  /** From `useListParams`: page, per_page, q, sort and filters in the URL. */
  params: ListParams<F>;
  /** The page's TanStack Query of `{data, meta}` (with `placeholderData: keepPreviousData`). */
  result: UseQueryResult<TListResponse<T>>;
  columns: ResourceListColumn<T>[];
  getRowId: (row: T) => string | number;
  /** Default "Busqueda...". */
  searchPlaceholder?: string;
  /** Filter controls shown in the "Filtros" popover; no popover when absent. */
  filters?: ReactNode;
  /** More toolbar buttons, after "Agregar" (e.g. "Exportar", "Importar"). */
  toolbar?: ReactNode;
  /** Optional row selection: a checkbox per row, one for the page in the header, and a selection bar. */
  selection?: ResourceListSelection<T>;
  /** Shows "Agregar" when given. */
  onAdd?: () => void;
  addLabel?: string;
  /** Shows the "Editar" icon in "Acciones" when given. */
  onEdit?: (row: T) => void;
  /** Shows the "Eliminar" icon in "Acciones" when given. */
  onDelete?: (row: T) => void;
  /** Rows that may not be deleted get no "Eliminar" icon (e.g. built-in records). Default: every row. */
  canDelete?: (row: T) => boolean;
  /** More buttons for a row, before edit and delete (e.g. "Actividad"). */
  rowActions?: (row: T) => ReactNode;
  /** Default "Cargando datos...". */
  loadingText?: string;
  /** Default "No hay datos disponibles.". */
  emptyText?: string;
  /** Shown when loading fails and the server sent no message. Default "Error al cargar datos". */
  errorText?: string;
  /** Below this width the table scrolls sideways inside its card. Default 640. */
  minTableWidth?: number;
  /** Width of the "Acciones" column (the table has a fixed layout, so columns never jump). Default 112. */
  actionsWidth?: number | string;
}

function ariaSort(sort: string, key: string): 'ascending' | 'descending' | 'none' {
  if (sort === key) return 'ascending';
  if (sort === `-${key}`) return 'descending';
  return 'none';
}

function defaultCell<T>(row: T, key: string): ReactNode {
  const value = (row as Record<string, unknown>)[key];
  if (value === null || value === undefined || value === '') return '—';
  return String(value);
}

/**
 * The list every resource screen is built on (spec §2.4, DECISIONS §4): banner, search, filters,
 * "Agregar", server-side sorting and paging, and the "Acciones" column.
 */
export function ResourceList<T, F extends string = string>({
  title,
  subtitle,
  breadcrumb,
  params,
  result,
  columns,
  getRowId,
  searchPlaceholder = 'Busqueda...',
  filters,
  onAdd,
  addLabel = 'Agregar',
  toolbar,
  selection,
  onEdit,
  onDelete,
  canDelete,
  rowActions,
  loadingText = 'Cargando datos...',
  emptyText = 'No hay datos disponibles.',
  errorText = 'Error al cargar datos',
  minTableWidth = 640,
  actionsWidth = 112,
}: ResourceListProps<T, F>) {
  const { data } = result;
  const hasActions = Boolean(onEdit || onDelete || rowActions);
  const colCount = columns.length + (hasActions ? 1 : 0) + (selection ? 1 : 0);
  const rows = data?.data ?? [];
  const pageIds = rows.map(getRowId);
  const selectedOnPage = selection ? pageIds.filter((id) => selection.selected.has(id)).length : 0;
  const togglePage = (checked: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const id of pageIds) {
      if (checked) next.add(id);
      else next.delete(id);
    }
    selection.onChange(next);
  };
  const toggleRow = (id: string | number, checked: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (checked) next.add(id);
    else next.delete(id);
    selection.onChange(next);
  };
  const lastPage = data?.meta.last_page;
  const { page, setPage } = params;

  // The rows are memoized (selecting one, or asking for the next page, re-renders none of the
  // others), so the handlers they call go through one stable object that reaches the latest props.
  const latest = useRef({ toggleRow, onEdit, onDelete });
  latest.current = { toggleRow, onEdit, onDelete };
  const [actions] = useState<RowHandlers<T>>(() => ({
    toggle: (id, checked) => latest.current.toggleRow(id, checked),
    edit: (row) => latest.current.onEdit?.(row),
    remove: (row) => latest.current.onDelete?.(row),
  }));

  // After a delete empties the last page, step back to the new last one.
  useEffect(() => {
    if (lastPage !== undefined && lastPage >= 1 && page > lastPage) setPage(lastPage);
  }, [lastPage, page, setPage]);

  return (
    <>
      <PageHeader title={title} subtitle={subtitle} breadcrumb={breadcrumb ?? `Inicio / ${title}`} />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} className={classes.card}>
        <Group gap="sm" mb="md" wrap="wrap" align="center">
          <ListSearch
            value={params.q}
            onSearch={params.setSearch}
            placeholder={searchPlaceholder}
            label="Buscar"
          />
          <Group gap="sm" wrap="nowrap">
            {filters && (
              <ListFilters activeCount={params.activeFilterCount} onClear={params.clearFilters}>
                {filters}
              </ListFilters>
            )}
            {onAdd && (
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
                {addLabel}
              </Button>
            )}
          </Group>
          {toolbar && (
            <Group gap="sm" wrap="wrap">
              {toolbar}
            </Group>
          )}
        </Group>

        {selection && selection.selected.size > 0 && (
          <Group
            gap="sm"
            mb="sm"
            px="sm"
            py={6}
            wrap="wrap"
            className={classes.selectionBar}
            role="region"
            aria-label="Filas seleccionadas"
          >
            <Text size="sm" fw={600} aria-live="polite">
              {selection.selected.size === 1 ? '1 seleccionado' : `${selection.selected.size} seleccionados`}
            </Text>
            {selection.actions}
            <Button variant="subtle" size="xs" onClick={() => selection.onChange(new Set())}>
              Quitar selección
            </Button>
          </Group>
        )}

        <ListTable
          result={result}
          title={title}
          minWidth={minTableWidth}
          colCount={colCount}
          loadingText={loadingText}
          emptyText={emptyText}
          errorText={errorText}
          head={
            <Table.Tr>
              {selection && (
                <Table.Th className={classes.selectCell}>
                  <Checkbox
                    aria-label="Seleccionar todas las filas de la página"
                    checked={pageIds.length > 0 && selectedOnPage === pageIds.length}
                    indeterminate={selectedOnPage > 0 && selectedOnPage < pageIds.length}
                    disabled={pageIds.length === 0}
                    onChange={(e) => togglePage(e.currentTarget.checked)}
                  />
                </Table.Th>
              )}
              {columns.map((col) => {
                const sortKey = col.sortable === true ? col.key : col.sortable || null;
                if (!sortKey) {
                  return (
                    <Table.Th key={col.key} style={{ width: col.width }}>
                      {col.header}
                    </Table.Th>
                  );
                }
                const dir = ariaSort(params.sort, sortKey);
                const SortIcon =
                  dir === 'ascending' ? IconArrowUp : dir === 'descending' ? IconArrowDown : IconArrowsSort;
                return (
                  <Table.Th key={col.key} style={{ width: col.width }} aria-sort={dir}>
                    <UnstyledButton
                      className={classes.sortButton}
                      data-sorted={dir !== 'none' || undefined}
                      onClick={() => params.setSort(nextSort(params.sort, sortKey))}
                    >
                      <span>{col.header}</span>
                      <SortIcon size={14} aria-hidden className={classes.sortIcon} />
                    </UnstyledButton>
                  </Table.Th>
                );
              })}
              {hasActions && (
                <Table.Th
                  className={`${classes.actionsHead} ${classes.actionsSticky}`}
                  style={{ width: actionsWidth }}
                >
                  Acciones
                </Table.Th>
              )}
            </Table.Tr>
          }
        >
          {(rows) =>
            rows.map((row) => {
              const id = getRowId(row);
              return (
                <ResourceRow
                  key={id}
                  row={row}
                  id={id}
                  columns={columns}
                  selected={selection ? selection.selected.has(id) : undefined}
                  withActions={hasActions}
                  rowActions={rowActions}
                  hasEdit={Boolean(onEdit)}
                  hasDelete={Boolean(onDelete) && (canDelete?.(row) ?? true)}
                  rowLabel={selection?.rowLabel?.(row)}
                  actions={actions}
                />
              );
            })
          }
        </ListTable>

        <Box>
          <ListPagination
            meta={data?.meta}
            page={params.page}
            perPage={params.perPage}
            onPage={params.setPage}
            onPerPage={params.setPerPage}
          />
        </Box>
      </Paper>
    </>
  );
}

interface RowHandlers<T> {
  toggle: (id: string | number, checked: boolean) => void;
  edit: (row: T) => void;
  remove: (row: T) => void;
}

interface ResourceRowProps<T> {
  row: T;
  id: string | number;
  columns: ResourceListColumn<T>[];
  /** undefined when the list has no selection. */
  selected: boolean | undefined;
  /** Whether the table has the "Acciones" column. */
  withActions: boolean;
  rowActions: ((row: T) => ReactNode) | undefined;
  hasEdit: boolean;
  hasDelete: boolean;
  rowLabel: string | undefined;
  actions: RowHandlers<T>;
}

/**
 * One row. Memoized: it renders again only when its record, its selection, the columns or
 * `rowActions` change. Screens keep `columns` (and `rowActions`) stable with useMemo/useCallback
 * to get the full benefit; an inline one only costs what every row cost before.
 */
const ResourceRow = memo(function ResourceRow<T>({
  row,
  id,
  columns,
  selected,
  withActions,
  rowActions,
  hasEdit,
  hasDelete,
  rowLabel,
  actions,
}: ResourceRowProps<T>) {
  return (
    <Table.Tr data-id={id} aria-selected={selected}>
      {selected !== undefined && (
        <Table.Td className={classes.selectCell}>
          <Checkbox
            aria-label={rowLabel ?? 'Seleccionar fila'}
            checked={selected}
            onChange={(e) => actions.toggle(id, e.currentTarget.checked)}
          />
        </Table.Td>
      )}
      {columns.map((col) => (
        <Table.Td key={col.key} className={classes.cell}>
          {col.render ? col.render(row) : defaultCell(row, col.key)}
        </Table.Td>
      ))}
      {withActions && (
        <Table.Td className={classes.actionsSticky}>
          <Group gap={4} wrap="nowrap" justify="flex-end">
            {rowActions?.(row)}
            {hasEdit && (
              <ActionIcon aria-label="Editar" title="Editar" onClick={() => actions.edit(row)}>
                <IconPencil size={18} aria-hidden />
              </ActionIcon>
            )}
            {hasDelete && (
              <ActionIcon
                color="red"
                aria-label="Eliminar"
                title="Eliminar"
                onClick={() => actions.remove(row)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        </Table.Td>
      )}
    </Table.Tr>
  );
}) as <T>(props: ResourceRowProps<T>) => ReactNode;
