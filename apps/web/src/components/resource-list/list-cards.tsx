import { Checkbox, Group, NativeSelect } from '@mantine/core';
import { IconArrowsSort } from '@tabler/icons-react';
import { memo, type ReactNode, useId } from 'react';
import {
  cellOf,
  type ListSort,
  type ResourceListCard,
  type ResourceListColumn,
  type RowProps,
  sortKeyOf,
} from './list-columns';
import classes from './resource-list.module.css';
import { RowActions } from './row-actions';

interface ListCardsProps<T> {
  title: string;
  rows: T[];
  rowProps: (row: T) => RowProps<T>;
  /** Loading, failure or empty, in place of the cards. */
  status: ReactNode;
  columns: readonly ResourceListColumn<T>[];
  card: ResourceListCard<T>;
  /** The page's "select all", when the list selects. */
  pageSelection: PageSelection | null;
  sort: ListSort | undefined;
  stale: boolean;
  busy: boolean;
}

export interface PageSelection {
  checked: boolean;
  indeterminate: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}

/** The sort as a select, for cards have no column headers. */
function SortSelect<T>({ columns, sort }: { columns: readonly ResourceListColumn<T>[]; sort: ListSort }) {
  const id = useId();
  const options = [{ value: '', label: 'Sin orden' }];
  for (const col of columns) {
    const key = sortKeyOf(col);
    if (!key) continue;
    options.push(
      { value: key, label: `${col.header} (ascendente)` },
      { value: `-${key}`, label: `${col.header} (descendente)` },
    );
  }
  if (options.length === 1) return null;
  return (
    <NativeSelect
      id={id}
      size="xs"
      aria-label="Ordenar por"
      leftSection={<IconArrowsSort size={14} aria-hidden />}
      data={options}
      value={sort.value}
      onChange={(e) => sort.onChange(e.currentTarget.value)}
      className={classes.cardSort}
    />
  );
}

/** Below 768 px: each record a card (react-admin's SimpleList), its actions in a menu. */
export function ListCards<T>({
  title,
  rows,
  rowProps,
  status,
  columns,
  card,
  pageSelection,
  sort,
  stale,
  busy,
}: ListCardsProps<T>) {
  const figureColumns = (card.figures ?? [])
    .map((key) => columns.find((c) => c.key === key))
    .filter((c): c is ResourceListColumn<T> => Boolean(c));
  const sortSelect = sort ? <SortSelect columns={columns} sort={sort} /> : null;
  return (
    <>
      {(pageSelection || sortSelect) && (
        <Group justify="space-between" gap="sm" mb="xs" wrap="nowrap">
          {pageSelection ? (
            <Checkbox
              label="Seleccionar todas"
              checked={pageSelection.checked}
              indeterminate={pageSelection.indeterminate}
              disabled={pageSelection.disabled}
              onChange={(e) => pageSelection.onChange(e.currentTarget.checked)}
            />
          ) : (
            <span />
          )}
          {sortSelect}
        </Group>
      )}
      {status ? (
        <div className={classes.cardsStatus}>{status}</div>
      ) : (
        <ul
          className={stale ? `${classes.cards} ${classes.stale}` : classes.cards}
          aria-label={`Lista de ${title}`}
          aria-busy={busy || undefined}
        >
          {rows.map((row) => {
            const props = rowProps(row);
            return <ResourceCard key={props.id} {...props} card={card} figures={figureColumns} />;
          })}
        </ul>
      )}
    </>
  );
}

interface ResourceCardProps<T> extends RowProps<T> {
  card: ResourceListCard<T>;
  figures: ResourceListColumn<T>[];
}

const ResourceCard = memo(function ResourceCard<T>({
  row,
  id,
  card,
  figures,
  selected,
  rowLabel,
  rowName,
  actions,
  toggleRow,
}: ResourceCardProps<T>) {
  return (
    <li className={classes.card} data-id={id} data-selected={selected || undefined}>
      {selected !== undefined && (
        <Checkbox
          className={classes.cardCheck}
          aria-label={rowLabel ?? 'Seleccionar fila'}
          checked={selected}
          onChange={(e) => toggleRow(id, e.currentTarget.checked)}
        />
      )}
      {card.thumbnail && <div className={classes.cardThumb}>{card.thumbnail(row)}</div>}
      <div className={classes.cardBody}>
        <div className={classes.cardPrimary}>{card.primary(row)}</div>
        {card.secondary && <div className={classes.cardSecondary}>{card.secondary(row)}</div>}
        {figures.length > 0 && (
          <dl className={classes.cardFigures}>
            {figures.map((col) => (
              <div key={col.key} className={classes.cardFigure}>
                <dt>{col.header}</dt>
                <dd>{cellOf(row, col)}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      {actions.length > 0 && (
        <div className={classes.cardActions} data-row-actions>
          <RowActions row={row} actions={actions} mode="menu" rowName={rowName} />
        </div>
      )}
    </li>
  );
}) as <T>(props: ResourceCardProps<T>) => ReactNode;
