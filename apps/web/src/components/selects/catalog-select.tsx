import { Select, type SelectProps } from '@mantine/core';
import type { TBrand, TSupplier } from '@panel/shared';
import { useEffect, useMemo, useState } from 'react';
import { useSearchedOptions } from './use-searched-options';

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

const labelOf = (item: Item) => `${item.code} · ${'business_name' in item ? item.business_name : item.name}`;

/**
 * A supplier or brand chosen by code or description, searched on the server (the catalogue
 * can be long): the first 100, narrowed as the user types. The chosen one keeps its label.
 */
export function CatalogSelect({ kind, value, onChange, onLoadError, ...props }: CatalogSelectProps) {
  const { options, selectProps, clearSearch } = useSearchedOptions<Item>({
    resource: kind,
    sort: 'code',
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
      {...selectProps}
      {...props}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(next) => {
        clearSearch();
        const id = next === null ? null : Number(next);
        setChosen(options.data?.data.find((i) => i.id === id) ?? null);
        onChange(id);
      }}
    />
  );
}
