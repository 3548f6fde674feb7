import type { SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TListResponse } from '@panel/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiRequest } from '../../lib/api-client';
import { quietRetry } from '../../lib/query-client';

interface SearchedOptionsConfig {
  /** The list to search, e.g. "branches" (`GET /api/branches`); also the query key. */
  resource: string;
  sort: string;
  perPage?: number;
  /** false: a failed load is reported once (by the caller), not retried. */
  retry?: false;
  /** More of the list's filters, e.g. `{ role: 'admin' }`. */
  filter?: Record<string, string>;
}

/**
 * The options of a Select searched on the server (the lists can be long): the first page sorted,
 * narrowed as the user types (debounced). Spread `selectProps` on the Select; call `clearSearch`
 * when an option is picked, and `showLabel(label)` with the chosen option's label, which Mantine
 * puts in the search box and which is no search.
 */
export function useSearchedOptions<T>({
  resource,
  sort,
  perPage = 100,
  retry,
  filter,
}: SearchedOptionsConfig) {
  const [search, setSearch] = useState('');
  const [shownLabel, setShownLabel] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(search === shownLabel ? '' : search, 250);
  const options = useQuery({
    queryKey: [resource, 'options', debounced, filter],
    queryFn: ({ signal }) =>
      apiRequest<TListResponse<T>>(`/${resource}`, {
        query: { ...filter, q: debounced || undefined, per_page: perPage, sort },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: retry === false ? false : quietRetry,
  });
  const selectProps = {
    searchable: true,
    nothingFoundMessage: 'Sin resultados',
    onSearchChange: setSearch,
    // The server already filtered them.
    filter: ({ options: all }) => all,
  } satisfies Partial<SelectProps>;
  return { options, selectProps, clearSearch: () => setSearch(''), showLabel: setShownLabel };
}

/** The chosen row when it is not among the options loaded (a long list), fetched by id to show its label. */
export function useChosenRow<T extends { id: number }>(resource: string, value: number | null, loaded: T[]) {
  const missing = value !== null && !loaded.some((row) => row.id === value);
  const chosen = useQuery({
    queryKey: [resource, 'detail', value],
    queryFn: ({ signal }) => apiRequest<{ data: T }>(`/${resource}/${value}`, { signal }),
    enabled: missing,
    staleTime: 60_000,
    retry: quietRetry,
  });
  return missing ? chosen.data?.data : undefined;
}

/**
 * Shows the chosen option's label in the search box once it is among `data` (call with
 * `useSearchedOptions`' `showLabel`): Mantine puts it there, and it is no search, so the
 * options are not narrowed to it.
 */
export function useChosenLabel(
  data: readonly { value: string; label: string }[],
  selected: string | null,
  showLabel: (label: string) => void,
) {
  const label = data.find((o) => o.value === selected)?.label ?? null;
  useEffect(() => {
    if (label !== null) showLabel(label);
  }, [label, showLabel]);
}
