import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TBrand, TListResponse, TSupplier } from '@panel/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { apiRequest } from '../lib/api-client';

type Kind = 'suppliers' | 'brands';
type Item = TSupplier | TBrand;

interface CatalogSelectProps
  extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> {
  kind: Kind;
  value: number | null;
  onChange: (id: number | null) => void;
  /** Called once when the options cannot be loaded (the units dialog toasts it). */
  onLoadError?: (error: unknown) => void;
}

const OPTIONS_PAGE = 100;
const labelOf = (item: Item) => `${item.code} · ${'business_name' in item ? item.business_name : item.name}`;

/**
 * A supplier or brand chosen by code or description, searched on the server (the catalogue
 * can be long): the first 100, narrowed as the user types. The chosen one keeps its label.
 */
export function CatalogSelect({ kind, value, onChange, onLoadError, ...props }: CatalogSelectProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const options = useQuery({
    queryKey: [kind, 'options', debounced],
    queryFn: ({ signal }) =>
      apiRequest<TListResponse<Item>>(`/${kind}`, {
        query: { q: debounced || undefined, per_page: OPTIONS_PAGE, sort: 'code' },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
  const [chosen, setChosen] = useState<Item | null>(null);

  useEffect(() => {
    if (options.isError) onLoadError?.(options.error);
  }, [options.isError, options.error, onLoadError]);

  const data = useMemo(() => {
    const list = [...(options.data?.data ?? [])];
    if (chosen && chosen.id === value && !list.some((i) => i.id === chosen.id)) list.unshift(chosen);
    return list.map((i) => ({ value: String(i.id), label: labelOf(i) }));
  }, [options.data, chosen, value]);

  return (
    <Select
      searchable
      nothingFoundMessage="Sin resultados"
      {...props}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(next) => {
        setSearch('');
        const id = next === null ? null : Number(next);
        setChosen(options.data?.data.find((i) => i.id === id) ?? null);
        onChange(id);
      }}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
    />
  );
}
