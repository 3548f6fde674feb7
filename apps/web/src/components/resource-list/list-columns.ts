import type { ComponentType, ReactNode } from 'react';

export interface ResourceListColumn<T> {
  /** Unique; also the default text (`row[key]`) and the default sort key. */
  key: string;
  header: string;
  render?: (row: T) => ReactNode;
  /** `true` sorts by `key` on the server; a string sorts by that name instead. */
  sortable?: boolean | string;
  /** Its fixed width in the table (px). Columns without one share what is left. */
  width?: number;
  /** For a column without `width`: the narrowest it may get (px) before it gives way; default 140. */
  minWidth?: number;
  /**
   * 1 (the default) is always shown. 2, 3… give way when the list's box is too narrow for every
   * column: the highest number first, and within one number the rightmost first.
   */
  priority?: number;
  /** Cell text alignment (figures: 'end'). */
  align?: 'start' | 'end';
}

type ActionIcon = ComponentType<{ size?: number | string; 'aria-hidden'?: boolean }>;

/** One action of a row: an icon or a small labelled button in the table, an item of the card's menu. */
export interface ResourceListAction<T> {
  /** Stable key (React key, test hook). */
  key: string;
  /** The visible text in the menu, the tooltip of an icon. */
  label: string | ((row: T) => string);
  icon?: ActionIcon;
  /** The icon when it depends on the row (a toggle's on and off). */
  iconOf?: (row: T) => ActionIcon;
  onClick: (row: T) => void;
  /** Accessible name, e.g. `Editar a ${row.name}`; default the label. */
  ariaLabel?: (row: T) => string;
  color?: string | ((row: T) => string);
  /** In the table: 'icon' (needs `icon`, the default when there is one) or 'button' (labelled). */
  display?: 'icon' | 'button';
  /** Rows that do not offer it (e.g. built-in records are never deleted). */
  hidden?: (row: T) => boolean;
  disabled?: (row: T) => boolean;
  /** A toggle's state (aria-pressed in the table, a check in the menu). */
  pressed?: (row: T) => boolean;
}

export interface ResourceListSelection<T> {
  /** Ids (from `getRowId`) of the selected rows; they may span pages. */
  selected: ReadonlySet<string | number>;
  onChange: (selected: Set<string | number>) => void;
  /** Shown above the list while rows are selected (e.g. "Activar" / "Desactivar"). */
  actions?: ReactNode;
  /** Accessible name of a row's checkbox. Default "Seleccionar fila". */
  rowLabel?: (row: T) => string;
}

/** A row's (or a card's) record, selection, name and actions. */
export interface RowProps<T> {
  row: T;
  id: string | number;
  /** undefined when the list has no selection. */
  selected: boolean | undefined;
  rowLabel: string | undefined;
  rowName: string | undefined;
  actions: readonly ResourceListAction<T>[];
  toggleRow: (id: string | number, checked: boolean) => void;
}

/** The sort in the URL (`col` / `-col` / ''), for lists that sort. */
export interface ListSort {
  value: string;
  onChange: (sort: string) => void;
}

/** How a row reads as a card below 768 px (react-admin's SimpleList). */
export interface ResourceListCard<T> {
  /** The card's first line, in bold: the record's name. */
  primary: (row: T) => ReactNode;
  /** A second line under it. */
  secondary?: (row: T) => ReactNode;
  /** Keys of the columns shown as "Header: value" under the text (the key figures). */
  figures?: string[];
  /** A small picture at the card's start. */
  thumbnail?: (row: T) => ReactNode;
}

/** The server's sort key of a column, or null when it does not sort. */
export const sortKeyOf = (col: Pick<ResourceListColumn<unknown>, 'key' | 'sortable'>) =>
  col.sortable === true ? col.key : col.sortable || null;

/** What a cell shows: the column's render, else the row's value under its key ('—' when empty). */
export function cellOf<T>(row: T, col: ResourceListColumn<T>): ReactNode {
  if (col.render) return col.render(row);
  const value = (row as Record<string, unknown>)[col.key];
  if (value === null || value === undefined || value === '') return '—';
  return String(value);
}

export const DEFAULT_MIN_WIDTH = 140;
/** The selection checkbox column. */
export const SELECT_WIDTH = 44;
/** Cell padding (Mantine's default horizontal spacing, both sides) plus the header's "Acciones". */
const ACTIONS_PADDING = 20;
const ACTIONS_MIN = 84;
/** An ActionIcon (28 px) and the gap after it. */
export const ICON_WIDTH = 32;

/** The room a column needs: its fixed width, else its minimum. */
export function minWidthOf(col: Pick<ResourceListColumn<unknown>, 'width' | 'minWidth'>): number {
  return col.width ?? col.minWidth ?? DEFAULT_MIN_WIDTH;
}

/**
 * The keys of the columns that fit in `available` px: priority 1 first, then 2, 3… in order, each
 * with its minimum width, stopping at the first that does not fit. Null when even the priority-1
 * columns do not fit (the list then shows cards).
 */
export function fitColumns(
  columns: readonly Pick<ResourceListColumn<unknown>, 'key' | 'width' | 'minWidth' | 'priority'>[],
  available: number,
): Set<string> | null {
  const order = columns
    .map((col, index) => ({ col, index }))
    .sort((a, b) => (a.col.priority ?? 1) - (b.col.priority ?? 1) || a.index - b.index);
  const shown = new Set<string>();
  let used = 0;
  for (const { col } of order) {
    const width = minWidthOf(col);
    if (used + width > available) {
      if ((col.priority ?? 1) <= 1) return null;
      break;
    }
    used += width;
    shown.add(col.key);
  }
  return shown;
}

export interface ActionsWidths {
  /** Every action on the row (labelled buttons as buttons). */
  inline: number;
  /** Icons on the row, the labelled buttons folded into a "Más acciones" menu. */
  folded: number;
  /** Whether folding changes anything (there are labelled buttons). */
  foldable: boolean;
}

/** The "Acciones" column's widths, from the actions a row may show (`inline` may be given by the list). */
export function actionsWidths(
  actions: readonly Pick<ResourceListAction<never>, 'icon' | 'iconOf' | 'display'>[],
  inlineOverride?: number,
): ActionsWidths {
  const icons = actions.filter(
    (a) => (a.display ?? (a.icon || a.iconOf ? 'icon' : 'button')) === 'icon',
  ).length;
  const buttons = actions.length - icons;
  const folded = Math.max(ACTIONS_MIN, ACTIONS_PADDING + (icons + (buttons > 0 ? 1 : 0)) * ICON_WIDTH);
  // A labelled compact button is about 7.5 px a letter; lists with buttons say their width.
  const inline = inlineOverride ?? (buttons > 0 ? folded + buttons * 96 : folded);
  return { inline, folded, foldable: buttons > 0 };
}

export type ListLayout =
  | { mode: 'cards' }
  | { mode: 'table'; shown: Set<string>; foldActions: boolean; actionsWidth: number };

/** Whether `shown` holds every column of priority 1 and 2. */
const hasMain = (columns: readonly { key: string; priority?: number }[], shown: Set<string>) =>
  columns.every((c) => (c.priority ?? 1) > 2 || shown.has(c.key));

/**
 * Table or cards, and which columns the table shows: cards below 768 px (`phone`) or when even the
 * priority-1 columns cannot fit beside the actions; otherwise the most columns that fit. The
 * labelled action buttons fold into a menu only when that lets a column of priority 1 or 2 show.
 */
export function listLayout(options: {
  columns: readonly Pick<ResourceListColumn<unknown>, 'key' | 'width' | 'minWidth' | 'priority'>[];
  width: number;
  phone: boolean;
  selection: boolean;
  actions: ActionsWidths | null;
}): ListLayout {
  const { columns, width, phone, selection, actions } = options;
  if (phone) return { mode: 'cards' };
  const base = width - (selection ? SELECT_WIDTH : 0);
  if (!actions) {
    const shown = fitColumns(columns, base);
    return shown ? { mode: 'table', shown, foldActions: false, actionsWidth: 0 } : { mode: 'cards' };
  }
  const inline = fitColumns(columns, base - actions.inline);
  const folded = actions.foldable ? fitColumns(columns, base - actions.folded) : null;
  if (inline && (!folded || inline.size >= folded.size || hasMain(columns, inline)))
    return { mode: 'table', shown: inline, foldActions: false, actionsWidth: actions.inline };
  if (folded) return { mode: 'table', shown: folded, foldActions: true, actionsWidth: actions.folded };
  return { mode: 'cards' };
}
