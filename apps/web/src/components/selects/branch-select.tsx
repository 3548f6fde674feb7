import { Select, type SelectProps } from '@mantine/core';
import type { TBranch } from '@panel/shared';
import { useMemo } from 'react';
import { useChosenLabel, useChosenRow, useSearchedOptions } from './use-searched-options';

/** The value the "every branch" option carries; forms send it as 0 / null (docs/product.md#validation-messages; docs/api-contract.md). */
export const ALL_BRANCHES = 'all';

export interface BranchSelectProps
  extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> {
  /** The chosen branch id; null means none chosen, or every branch when `allLabel` is given. */
  value: number | null;
  onChange: (branchId: number | null) => void;
  /** Adds a first option for "every branch" (e.g. "Todas las sucursales"), chosen when value is null. */
  allLabel?: string;
}

/**
 * A branch chosen by name, searched on the server (a business may have thousands of branches):
 * the first 100 by name, narrowed as the user types. The chosen branch keeps its label even
 * when it is not among the options loaded.
 */
export function BranchSelect({ value, onChange, allLabel, ...props }: BranchSelectProps) {
  const { options, selectProps, clearSearch, showLabel } = useSearchedOptions<TBranch>({
    resource: 'branches',
    sort: 'name',
  });
  const loaded = options.data?.data ?? [];
  const extra = useChosenRow('branches', value, loaded);

  const data = useMemo(() => {
    const list = extra ? [extra, ...loaded] : [...loaded];
    const items = list.map((b) => ({ value: String(b.id), label: b.name }));
    return allLabel ? [{ value: ALL_BRANCHES, label: allLabel }, ...items] : items;
  }, [loaded, extra, allLabel]);

  const selected = value === null ? (allLabel ? ALL_BRANCHES : null) : String(value);
  useChosenLabel(data, selected, showLabel);

  return (
    <Select
      {...selectProps}
      {...props}
      data={data}
      value={selected}
      onChange={(next) => {
        clearSearch();
        onChange(next === null || next === ALL_BRANCHES ? null : Number(next));
      }}
    />
  );
}
