import { Checkbox, Table, UnstyledButton } from '@mantine/core';
import type { TListResponse } from '@panel/shared';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { memo, type ReactNode, useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { markClamped } from './clamped-text';
import { ListCards } from './list-cards';
import {
  actionsWidths,
  cellOf,
  type ListSort,
  type ResourceListAction,
  type ResourceListCard,
  type ResourceListColumn,
  type ResourceListSelection,
  type RowProps,
  sortKeyOf,
} from './list-columns';
import { ListLoadError, type ListQueryState, listStatus } from './list-status';
import classes from './resource-list.module.css';
import { RowActions } from './row-actions';
import { useListLayout } from './use-list-layout';
import { nextSort } from './use-list-params';

export interface ListViewProps<T> {
  /** The screen's title: the table is "Tabla de <title>", the cards "Lista de <title>". */
  title: string;
  /** The page's query of `{data, meta}` (with `placeholderData: keepPreviousData`). */
  result: ListQueryState & { data: TListResponse<T> | undefined; isPlaceholderData: boolean };
  columns: readonly ResourceListColumn<T>[];
  /** How a row reads as a card below 768 px. */
  card: ResourceListCard<T>;
  getRowId: (row: T) => string | number;
  /** The row's name in its menu button ("Más acciones de …"). */
  getRowName?: (row: T) => string;
  /** The row's actions in order; keep the array stable (module constant or useMemo). */
  actions?: readonly ResourceListAction<T>[];
  /** The "Acciones" column's width with every action on the row, when it has labelled buttons. */
  actionsWidth?: number;
  selection?: ResourceListSelection<T>;
  /** The sort in the URL, when the list sorts. */
  sort?: ListSort;
  loadingText: string;
  emptyText: string;
  errorText: string;
}

const NO_ROWS: never[] = [];

/** Rows already in memory (a preview), as `ListView`'s `result`: one page, nothing loading. */
export function inMemoryResult<T>(rows: T[]): ListViewProps<T>['result'] {
  return {
    data: { data: rows, meta: { page: 1, per_page: rows.length, total: rows.length, last_page: 1 } },
    isPending: false,
    isError: false,
    error: null,
    isFetching: false,
    isPlaceholderData: false,
    refetch: () => undefined,
  };
}
const NO_ACTIONS: never[] = [];

function ariaSort(sort: string, key: string): 'ascending' | 'descending' | 'none' {
  if (sort === key) return 'ascending';
  if (sort === `-${key}`) return 'descending';
  return 'none';
}

/**
 * A page of records as a table whose columns give way by priority to fit the list's box (never a
 * sideways scroll), or as cards below 768 px; with the loading, failure ("Reintentar") and empty
 * states, selection, sorting and the rows' actions. The previous page stays dimmed while the next
 * loads.
 */
export function ListView<T>({
  title,
  result,
  columns,
  card,
  getRowId,
  getRowName,
  actions = NO_ACTIONS,
  actionsWidth,
  selection,
  sort,
  loadingText,
  emptyText,
  errorText,
}: ListViewProps<T>) {
  const { data, isError, isPlaceholderData, isFetching } = result;
  const rows = data?.data ?? NO_ROWS;
  // A new page's rows render in the background, in slices React can interrupt, while the previous
  // page stays on screen: a 100-row page never blocks the main thread in one long task.
  const shownRows = useDeferredValue(rows);
  const frame = useRef<HTMLElement>(null);
  const widths = useMemo(
    () => (actions.length > 0 ? actionsWidths(actions, actionsWidth) : null),
    [actions, actionsWidth],
  );
  const layout = useListLayout(frame, columns, Boolean(selection), widths);
  const visibleColumns = useMemo(
    () => (layout.mode === 'table' ? columns.filter((c) => layout.shown.has(c.key)) : columns),
    [columns, layout],
  );

  // Texts cut to their lines become focusable and show whole on hover and focus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again whenever rows or columns change.
  useEffect(() => {
    markClamped(frame.current);
  }, [shownRows, layout]);

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
  // The rows are memoized, so they call the selection through one stable function.
  const latest = useRef(selection);
  latest.current = selection;
  const toggleRow = useMemo(
    () => (id: string | number, checked: boolean) => {
      const current = latest.current;
      if (!current) return;
      const next = new Set(current.selected);
      if (checked) next.add(id);
      else next.delete(id);
      current.onChange(next);
    },
    [],
  );
  /** What a row or a card needs besides its columns; the same for both. */
  const rowProps = (row: T): RowProps<T> => {
    const id = getRowId(row);
    return {
      row,
      id,
      selected: selection ? selection.selected.has(id) : undefined,
      rowLabel: selection?.rowLabel?.(row),
      rowName: getRowName?.(row),
      actions,
      toggleRow,
    };
  };
  const pageSelection = selection
    ? {
        checked: pageIds.length > 0 && selectedOnPage === pageIds.length,
        indeterminate: selectedOnPage > 0 && selectedOnPage < pageIds.length,
        disabled: pageIds.length === 0,
        onChange: togglePage,
      }
    : null;

  const status = listStatus(result, Boolean(data), rows.length, { loadingText, emptyText, errorText });
  const staleError = isError && data ? <ListLoadError query={result} errorText={errorText} mb="sm" /> : null;

  if (layout.mode === 'cards') {
    return (
      <section ref={frame} className={classes.frame}>
        {staleError}
        <ListCards
          title={title}
          rows={shownRows as T[]}
          rowProps={rowProps}
          status={status}
          columns={columns}
          card={card}
          pageSelection={pageSelection}
          sort={sort}
          stale={isPlaceholderData}
          busy={isFetching}
        />
      </section>
    );
  }

  const hasActions = actions.length > 0;
  const colCount = visibleColumns.length + (hasActions ? 1 : 0) + (selection ? 1 : 0);
  return (
    <section ref={frame} className={classes.frame} aria-label={`Tabla de ${title}`}>
      {staleError}
      <Table
        layout="fixed"
        highlightOnHover
        verticalSpacing="sm"
        aria-busy={isFetching || undefined}
        className={isPlaceholderData ? classes.stale : undefined}
      >
        <Table.Thead>
          <Table.Tr>
            {pageSelection && (
              <Table.Th className={classes.selectCell}>
                <Checkbox
                  aria-label="Seleccionar todas las filas de la página"
                  checked={pageSelection.checked}
                  indeterminate={pageSelection.indeterminate}
                  disabled={pageSelection.disabled}
                  onChange={(e) => pageSelection.onChange(e.currentTarget.checked)}
                />
              </Table.Th>
            )}
            {visibleColumns.map((col) => (
              <HeaderCell key={col.key} col={col} sort={sort} />
            ))}
            {hasActions && (
              <Table.Th className={classes.actionsHead} style={{ width: layout.actionsWidth }}>
                Acciones
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {status ? (
            <Table.Tr>
              <Table.Td colSpan={colCount} className={classes.statusCell}>
                {status}
              </Table.Td>
            </Table.Tr>
          ) : (
            (shownRows as T[]).map((row) => {
              const props = rowProps(row);
              return (
                <ResourceRow
                  key={props.id}
                  {...props}
                  columns={visibleColumns}
                  foldActions={layout.foldActions}
                />
              );
            })
          )}
        </Table.Tbody>
      </Table>
    </section>
  );
}

function HeaderCell<T>({ col, sort }: { col: ResourceListColumn<T>; sort: ListSort | undefined }) {
  const sortKey = sortKeyOf(col);
  const style = { width: col.width, textAlign: col.align };
  if (!sortKey || !sort) {
    return <Table.Th style={style}>{col.header}</Table.Th>;
  }
  const dir = ariaSort(sort.value, sortKey);
  const SortIcon = dir === 'ascending' ? IconArrowUp : dir === 'descending' ? IconArrowDown : IconArrowsSort;
  return (
    <Table.Th style={style} aria-sort={dir}>
      <UnstyledButton
        className={classes.sortButton}
        data-sorted={dir !== 'none' || undefined}
        onClick={() => sort.onChange(nextSort(sort.value, sortKey))}
      >
        <span>{col.header}</span>
        <SortIcon size={14} aria-hidden className={classes.sortIcon} />
      </UnstyledButton>
    </Table.Th>
  );
}

interface ResourceRowProps<T> extends RowProps<T> {
  columns: readonly ResourceListColumn<T>[];
  foldActions: boolean;
}

/**
 * One row. Memoized: it renders again only when its record, its selection, the shown columns or the
 * actions change. Screens keep `columns` and `actions` stable (module constants or useMemo).
 */
const ResourceRow = memo(function ResourceRow<T>({
  row,
  id,
  columns,
  selected,
  rowLabel,
  rowName,
  actions,
  foldActions,
  toggleRow,
}: ResourceRowProps<T>) {
  return (
    <Table.Tr data-id={id} aria-selected={selected}>
      {selected !== undefined && (
        <Table.Td className={classes.selectCell}>
          <Checkbox
            aria-label={rowLabel ?? 'Seleccionar fila'}
            checked={selected}
            onChange={(e) => toggleRow(id, e.currentTarget.checked)}
          />
        </Table.Td>
      )}
      {columns.map((col) => (
        <Table.Td
          key={col.key}
          className={classes.cell}
          style={col.align ? { textAlign: col.align } : undefined}
        >
          {cellOf(row, col)}
        </Table.Td>
      ))}
      {actions.length > 0 && (
        <Table.Td>
          <div className={classes.actions} data-row-actions>
            <RowActions
              row={row}
              actions={actions}
              mode={foldActions ? 'fold' : 'inline'}
              rowName={rowName}
            />
          </div>
        </Table.Td>
      )}
    </Table.Tr>
  );
}) as <T>(props: ResourceRowProps<T>) => ReactNode;
