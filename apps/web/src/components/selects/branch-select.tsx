import { Select, type SelectProps } from '@mantine/core';
import type { TBranch } from '@panel/shared';
import { useMemo } from 'react';
import { type OwnBranch, usePermissions } from '../../lib/permissions';
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
 * A branch chosen by name. For a branch manager (lib/permissions.ts), only their own branch, chosen,
 * without "every branch": the API refuses any other (403) and lists only theirs.
 */
export function BranchSelect(props: BranchSelectProps) {
  const { ownBranch } = usePermissions();
  return ownBranch ? <OwnBranchSelect {...props} branch={ownBranch} /> : <AnyBranchSelect {...props} />;
}

/**
 * A manager's branch select: their branch, shown chosen whatever the value (a form sets it, see
 * BranchField; an empty list filter already means "my branch"), and nothing else to pick.
 */
function OwnBranchSelect({
  value: _value,
  onChange,
  allLabel: _allLabel,
  clearable: _clearable,
  branch,
  ...props
}: BranchSelectProps & { branch: OwnBranch }) {
  const data = useMemo(() => [{ value: String(branch.id), label: branch.name }], [branch.id, branch.name]);
  return (
    <Select
      {...props}
      data={data}
      value={String(branch.id)}
      allowDeselect={false}
      onChange={() => onChange(branch.id)}
    />
  );
}

/**
 * A branch chosen by name, searched on the server (a business may have thousands of branches):
 * the first 100 by name, narrowed as the user types. The chosen branch keeps its label even
 * when it is not among the options loaded.
 */
function AnyBranchSelect({ value, onChange, allLabel, ...props }: BranchSelectProps) {
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
