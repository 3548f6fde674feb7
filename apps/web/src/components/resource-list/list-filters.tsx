import { ActionIcon, Badge, Button, Group, Indicator, Popover, Stack, Text } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ListParams } from './use-list-params';

/** A filter Select's options open below it, inside the popover, so picking one does not close it. */
export const FILTER_COMBOBOX = { withinPortal: false, position: 'bottom-start' } as const;

/** A Select of list filter `key`'s values (Rol, Estado...): its value, its change and where its options open. */
export function filterProps<F extends string>(params: ListParams<F>, key: F) {
  return {
    value: params.filters[key] || null,
    onChange: (value: string | null) => params.setFilter(key, value),
    comboboxProps: FILTER_COMBOBOX,
  };
}

/** An id select (BranchSelect, TypeSelect, UserSelect) of list filter `key`, which the URL keeps as text. */
export function idFilterProps<F extends string>(params: ListParams<F>, key: F) {
  const id = params.filters[key];
  return {
    value: id ? Number(id) : null,
    onChange: (next: number | null) => params.setFilter(key, next === null ? null : String(next)),
    comboboxProps: FILTER_COMBOBOX,
  };
}

interface ListFiltersProps {
  children: ReactNode;
  activeCount: number;
  onClear: () => void;
}

/**
 * The filter icon (docs/product.md#the-two-readings-settled: it filters for real). The page supplies the controls; give
 * Selects `filterProps`/`idFilterProps` (or `comboboxProps={FILTER_COMBOBOX}`) so picking an option does not close the popover.
 */
export function ListFilters({ children, activeCount, onClear }: ListFiltersProps) {
  const label =
    activeCount > 0 ? `Filtros (${activeCount} ${activeCount === 1 ? 'activo' : 'activos'})` : 'Filtros';
  return (
    // The count sits outside Popover.Target, which adds its ARIA attributes to its direct child only.
    <Indicator label={activeCount} size={18} disabled={activeCount === 0} offset={4} color="accent">
      <Popover position="bottom-end" shadow="md" width={300} trapFocus withinPortal>
        <Popover.Target>
          <ActionIcon variant="default" size="lg" aria-label={label} title="Filtros">
            <IconFilter size={18} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="sm">
            <Group justify="space-between">
              {/* The focus starts here, not in the first field: a Select there would open its list over the others. */}
              <Text fw={600} size="sm" tabIndex={-1} data-autofocus>
                Filtros
              </Text>
              {activeCount > 0 && (
                <Badge size="sm" variant="light">
                  {activeCount} {activeCount === 1 ? 'activo' : 'activos'}
                </Badge>
              )}
            </Group>
            {children}
            <Button variant="subtle" size="xs" onClick={onClear} disabled={activeCount === 0}>
              Limpiar filtros
            </Button>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
