import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TListResponse, TUser } from '@panel/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { apiRequest } from '../../../lib/api-client';

interface UserFilterSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  value: number | null;
  onChange: (userId: number | null) => void;
}

/** A user chosen by name, searched on the server (first 50 matches), keeping the chosen one's label. */
export function UserFilterSelect({ value, onChange, ...props }: UserFilterSelectProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const options = useQuery({
    queryKey: ['users', 'options', debounced],
    queryFn: ({ signal }) =>
      apiRequest<TListResponse<TUser>>('/users', {
        query: { q: debounced || undefined, per_page: 50, sort: 'name' },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const loaded = options.data?.data ?? [];
  const missing = value !== null && !loaded.some((u) => u.id === value);
  const chosen = useQuery({
    queryKey: ['users', 'detail', value],
    queryFn: ({ signal }) => apiRequest<{ data: TUser }>(`/users/${value}`, { signal }),
    enabled: missing,
    staleTime: 60_000,
  });
  const data = useMemo(() => {
    const list = [...loaded];
    const extra = chosen.data?.data;
    if (missing && extra && !list.some((u) => u.id === extra.id)) list.unshift(extra);
    return list.map((u) => ({ value: String(u.id), label: u.name }));
  }, [loaded, chosen.data, missing]);

  return (
    <Select
      searchable
      clearable
      nothingFoundMessage="Sin resultados"
      {...props}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(next) => {
        setSearch('');
        onChange(next === null ? null : Number(next));
      }}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
    />
  );
}
