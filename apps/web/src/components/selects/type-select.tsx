import { Select, type SelectProps } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useChosenLabel, useSearchedOptions } from './use-searched-options';

export interface TypeRow {
  id: number;
  name: string;
  color?: string;
}

interface TypeSelectProps
  extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'error'> {
  /** `/notification-types` or `/event-types`. */
  path: '/notification-types' | '/event-types';
  value: number | null;
  onChange: (id: number | null) => void;
  error?: string;
  /** Shown under the field when the types cannot be loaded (docs/product.md#messages). */
  loadErrorText: string;
  /** Told the chosen type's row (name, colour) once it is among the loaded options, for previews. */
  onResolved?: (row: TypeRow | null) => void;
}

/**
 * A notification or event type chosen by name, searched on the server like BranchSelect: the
 * first 100 by name, narrowed as the user types; the chosen one keeps its label.
 */
export function TypeSelect({
  path,
  value,
  onChange,
  error,
  loadErrorText,
  onResolved,
  ...props
}: TypeSelectProps) {
  const { options, selectProps, clearSearch, showLabel } = useSearchedOptions<TypeRow>({
    resource: path.slice(1),
    sort: 'name',
  });
  const [chosenLabel, setChosenLabel] = useState<TypeRow | null>(null);
  const resolved = options.data?.data.find((t) => t.id === value) ?? null;
  useEffect(() => {
    if (resolved) onResolved?.(resolved);
  }, [resolved, onResolved]);
  const data = useMemo(() => {
    const list = [...(options.data?.data ?? [])];
    if (chosenLabel && chosenLabel.id === value && !list.some((t) => t.id === value))
      list.unshift(chosenLabel);
    return list.map((t) => ({ value: String(t.id), label: t.name }));
  }, [options.data, chosenLabel, value]);

  const selected = value === null ? null : String(value);
  useChosenLabel(data, selected, showLabel);

  return (
    <Select
      {...selectProps}
      {...props}
      data={data}
      value={selected}
      error={error ?? (options.isError ? loadErrorText : undefined)}
      onChange={(next, option) => {
        clearSearch();
        if (next !== null && option) setChosenLabel({ id: Number(next), name: option.label });
        onChange(next === null ? null : Number(next));
      }}
    />
  );
}
