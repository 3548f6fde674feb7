import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TBranch, TListResponse } from '@panel/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { apiRequest } from '../lib/api-client';

/** The value the "every branch" option carries; forms send it as 0 / null (spec §5, §7). */
export const ALL_BRANCHES = 'all';

interface BranchSelectProps
  extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> {
  /** The chosen branch id; null means none chosen, or every branch when `allLabel` is given. */
  value: number | null;
  onChange: (branchId: number | null) => void;
  /** Adds a first option for "every branch" (e.g. "Todas las sucursales"), chosen when value is null. */
  allLabel?: string;
}

const OPTIONS_PAGE = 100;

/**
 * A branch chosen by name, searched on the server (a business may have thousands of branches):
 * the first 100 by name, narrowed as the user types. The chosen branch keeps its label even
 * when it is not among the options loaded.
 */
export function BranchSelect({ value, onChange, allLabel, ...props }: BranchSelectProps) {
  const [search, setSearch] = useState('');
  // Mantine fills the search box with the chosen option's label: that is not a search.
  const [shownLabel, setShownLabel] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(search === shownLabel ? '' : search, 250);
  const options = useQuery({
    queryKey: ['branches', 'options', debounced],
    queryFn: ({ signal }) =>
      apiRequest<TListResponse<TBranch>>('/branches', {
        query: { q: debounced || undefined, per_page: OPTIONS_PAGE, sort: 'name' },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const loaded = options.data?.data ?? [];
  const chosenMissing = value !== null && !loaded.some((b) => b.id === value);
  const chosen = useQuery({
    queryKey: ['branches', 'detail', value],
    queryFn: ({ signal }) => apiRequest<{ data: TBranch }>(`/branches/${value}`, { signal }),
    enabled: chosenMissing,
    staleTime: 60_000,
  });

  const data = useMemo(() => {
    const list = [...loaded];
    const extra = chosen.data?.data;
    if (chosenMissing && extra && !list.some((b) => b.id === extra.id)) list.unshift(extra);
    const items = list.map((b) => ({ value: String(b.id), label: b.name }));
    return allLabel ? [{ value: ALL_BRANCHES, label: allLabel }, ...items] : items;
  }, [loaded, chosen.data, chosenMissing, allLabel]);

  const selected = value === null ? (allLabel ? ALL_BRANCHES : null) : String(value);
  const selectedLabel = data.find((o) => o.value === selected)?.label ?? null;
  useEffect(() => {
    if (selectedLabel !== null) setShownLabel(selectedLabel);
  }, [selectedLabel]);

  return (
    <Select
      searchable
      nothingFoundMessage="Sin resultados"
      {...props}
      data={data}
      value={selected}
      onChange={(next) => {
        setSearch('');
        onChange(next === null || next === ALL_BRANCHES ? null : Number(next));
      }}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
    />
  );
}
