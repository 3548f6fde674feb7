import { ActionIcon, Button, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { ResourceListAction } from './list-columns';

const labelOf = <T,>(action: ResourceListAction<T>, row: T) =>
  typeof action.label === 'function' ? action.label(row) : action.label;

const iconOf = <T,>(action: ResourceListAction<T>, row: T) => action.iconOf?.(row) ?? action.icon;

const colorOf = <T,>(action: ResourceListAction<T>, row: T) =>
  typeof action.color === 'function' ? action.color(row) : action.color;

const isIcon = <T,>(action: ResourceListAction<T>) =>
  (action.display ?? (action.icon || action.iconOf ? 'icon' : 'button')) === 'icon' &&
  Boolean(action.icon || action.iconOf);

interface RowActionsProps<T> {
  row: T;
  actions: readonly ResourceListAction<T>[];
  /** 'inline': every action on the row; 'fold': icons on the row, labelled ones in a menu; 'menu': all in a menu. */
  mode: 'inline' | 'fold' | 'menu';
  /** The row's name, for the menu button ("Más acciones de …"). */
  rowName?: string;
}

/** A row's actions, in the order the list declares them (spec: edit before delete). */
export function RowActions<T>({ row, actions, mode, rowName }: RowActionsProps<T>) {
  const visible = actions.filter((a) => !a.hidden?.(row));
  if (visible.length === 0) return null;
  // One action needs no menu: it stays a button, on a card too.
  const menuAll = mode === 'menu' && visible.length > 1;
  const onRow = menuAll
    ? []
    : visible.filter((a) => mode === 'inline' || isIcon(a) || (mode === 'menu' && visible.length === 1));
  const inMenu = visible.filter((a) => !onRow.includes(a));
  return (
    <>
      {onRow.map((action) => (
        <InlineAction key={action.key} row={row} action={action} />
      ))}
      {inMenu.length > 0 && <ActionsMenu row={row} actions={inMenu} rowName={rowName} />}
    </>
  );
}

function InlineAction<T>({ row, action }: { row: T; action: ResourceListAction<T> }) {
  const label = labelOf(action, row);
  const name = action.ariaLabel?.(row) ?? label;
  const disabled = action.disabled?.(row);
  const pressed = action.pressed?.(row);
  const Icon = iconOf(action, row);
  if (Icon && isIcon(action)) {
    return (
      <ActionIcon
        color={colorOf(action, row)}
        aria-label={name}
        title={label}
        aria-pressed={pressed}
        disabled={disabled}
        onClick={() => action.onClick(row)}
      >
        <Icon size={18} aria-hidden />
      </ActionIcon>
    );
  }
  return (
    <Button
      variant="light"
      size="compact-xs"
      color={colorOf(action, row)}
      aria-label={name === label ? undefined : name}
      aria-pressed={pressed}
      disabled={disabled}
      leftSection={Icon ? <Icon size={14} aria-hidden /> : undefined}
      onClick={() => action.onClick(row)}
    >
      {label}
    </Button>
  );
}

function ActionsMenu<T>({
  row,
  actions,
  rowName,
}: {
  row: T;
  actions: readonly ResourceListAction<T>[];
  rowName?: string;
}) {
  const name = rowName ? `Más acciones de ${rowName}` : 'Más acciones';
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon aria-label={name} title="Más acciones">
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => {
          const Icon = iconOf(action, row);
          return (
            <Menu.Item
              key={action.key}
              color={colorOf(action, row)}
              disabled={action.disabled?.(row)}
              leftSection={Icon ? <Icon size={16} aria-hidden /> : undefined}
              onClick={() => action.onClick(row)}
            >
              {labelOf(action, row)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
