import { Button, Group, Paper, Text } from '@mantine/core';
import type { TListResponse } from '@panel/shared';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { PageHeader } from '../page-header';
import { type ResourceListBulkDelete, useBulkDelete } from './bulk-delete';
import type {
  ResourceListAction,
  ResourceListCard,
  ResourceListColumn,
  ResourceListSelection,
} from './list-columns';
import { ListFilters } from './list-filters';
import { ListPagination } from './list-pagination';
import { ListSearch } from './list-search';
import { ListView } from './list-view';
import classes from './resource-list.module.css';
import type { ListParams } from './use-list-params';

export type { ResourceListBulkDelete } from './bulk-delete';
export type {
  ResourceListAction,
  ResourceListCard,
  ResourceListColumn,
  ResourceListSelection,
} from './list-columns';

export interface ResourceListProps<T, F extends string = string> {
  title: string;
  subtitle?: ReactNode;
  /** Default "Inicio / {title}". */
  breadcrumb?: string;
  /** From `useListParams`: page, per_page, q, sort and filters in the URL. */
  params: ListParams<F>;
  /** The page's TanStack Query of `{data, meta}` (with `placeholderData: keepPreviousData`). */
  result: UseQueryResult<TListResponse<T>>;
  /** The table's columns, each with its priority (which give way first on narrow screens). */
  columns: readonly ResourceListColumn<T>[];
  /** How a row reads as a card below 768 px: primary text, secondary line, figures, thumbnail. */
  card: ResourceListCard<T>;
  getRowId: (row: T) => string | number;
  /** The row's name, for its menu button ("Más acciones de …"). */
  getRowName?: (row: T) => string;
  /** Default "Búsqueda...". */
  searchPlaceholder?: string;
  /** false: the API has no `q` for this list (Auditoría), so no search box. Default true. */
  searchable?: boolean;
  /** The page sizes the API accepts, the same as `useListParams({ perPageOptions })`; default 5/10/20/50/100. */
  perPageOptions?: readonly number[];
  /** Filter controls shown in the "Filtros" popover; no popover when absent. */
  filters?: ReactNode;
  /** More toolbar buttons, after "Agregar" (e.g. "Exportar", "Importar"). */
  toolbar?: ReactNode;
  /** Optional row selection: a checkbox per row, one for the page in the header, and a selection bar. */
  selection?: ResourceListSelection<T>;
  /**
   * "Eliminar seleccionadas": row selection (rows and cards) whose bar deletes the selected rows in
   * one request after a confirmation with the count. Not with `selection`.
   */
  bulkDelete?: ResourceListBulkDelete<T>;
  /** Shows "Agregar" when given. */
  onAdd?: () => void;
  addLabel?: string;
  /** Adds "Editar" to the row's actions when given. */
  onEdit?: (row: T) => void;
  /** Adds "Eliminar" to the row's actions when given. */
  onDelete?: (row: T) => void;
  /** Rows that may not be deleted get no "Eliminar" (e.g. built-in records). Default: every row. */
  canDelete?: (row: T) => boolean;
  /** More actions for a row, before edit and delete (e.g. "Ver usuarios"); keep the array stable. */
  rowActions?: readonly ResourceListAction<T>[];
  /** Default "Cargando datos...". */
  loadingText?: string;
  /** Default "No hay datos disponibles.". */
  emptyText?: string;
  /** Shown when loading fails and the server sent no message. Default "Error al cargar datos". */
  errorText?: string;
  /** The "Acciones" column's width with every action on the row, for lists with labelled buttons. */
  actionsWidth?: number;
}

const NO_ACTIONS: never[] = [];

/**
 * The list every resource screen is built on (docs/product.md#lists, docs/product.md#lists-and-query-parameters): banner, search, filters,
 * "Agregar", server-side sorting and paging, and the "Acciones" column.
 */
export function ResourceList<T, F extends string = string>({
  title,
  subtitle,
  breadcrumb,
  params,
  result,
  columns,
  card,
  getRowId,
  getRowName,
  searchPlaceholder = 'Búsqueda...',
  searchable = true,
  perPageOptions,
  filters,
  onAdd,
  addLabel = 'Agregar',
  toolbar,
  selection: ownSelection,
  bulkDelete,
  onEdit,
  onDelete,
  canDelete,
  rowActions = NO_ACTIONS,
  loadingText = 'Cargando datos...',
  emptyText = 'No hay datos disponibles.',
  errorText = 'Error al cargar datos',
  actionsWidth,
}: ResourceListProps<T, F>) {
  const bulk = useBulkDelete(bulkDelete);
  const selection = ownSelection ?? bulk.selection;
  const lastPage = result.data?.meta.last_page;
  const { page, setPage } = params;

  // "Editar" and "Eliminar" reach the latest handlers through one stable array, so the memoized
  // rows do not render again when the page re-renders.
  const latest = useRef({ onEdit, onDelete, canDelete });
  latest.current = { onEdit, onDelete, canDelete };
  const hasEdit = Boolean(onEdit);
  const hasDelete = Boolean(onDelete);
  const actions = useMemo(() => {
    const out: ResourceListAction<T>[] = [...rowActions];
    if (hasEdit)
      out.push({
        key: 'edit',
        label: 'Editar',
        icon: IconPencil,
        onClick: (row) => latest.current.onEdit?.(row),
      });
    if (hasDelete)
      out.push({
        key: 'delete',
        label: 'Eliminar',
        icon: IconTrash,
        color: 'red',
        onClick: (row) => latest.current.onDelete?.(row),
        hidden: (row) => !(latest.current.canDelete?.(row) ?? true),
      });
    return out;
  }, [rowActions, hasEdit, hasDelete]);

  // After a delete empties the last page, step back to the new last one.
  useEffect(() => {
    if (lastPage !== undefined && lastPage >= 1 && page > lastPage) setPage(lastPage);
  }, [lastPage, page, setPage]);

  const sort = useMemo(
    () => ({ value: params.sort, onChange: params.setSort }),
    [params.sort, params.setSort],
  );

  return (
    <>
      <PageHeader title={title} subtitle={subtitle} breadcrumb={breadcrumb ?? `Inicio / ${title}`} />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} className={classes.paper}>
        <Group gap="sm" mb="md" wrap="wrap" align="center">
          {searchable && (
            <ListSearch
              value={params.q}
              onSearch={params.setSearch}
              placeholder={searchPlaceholder}
              label="Buscar"
            />
          )}
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

        <ListView
          title={title}
          result={result}
          columns={columns}
          card={card}
          getRowId={getRowId}
          getRowName={getRowName}
          actions={actions}
          actionsWidth={actionsWidth}
          selection={selection}
          sort={sort}
          loadingText={loadingText}
          emptyText={emptyText}
          errorText={errorText}
        />

        <ListPagination
          meta={result.data?.meta}
          page={params.page}
          perPage={params.perPage}
          onPage={params.setPage}
          onPerPage={params.setPerPage}
          perPageOptions={perPageOptions}
        />
      </Paper>
      {bulk.dialog}
    </>
  );
}
