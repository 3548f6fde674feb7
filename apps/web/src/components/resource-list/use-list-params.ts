import { PANEL_DEFAULT_PER_PAGE, PER_PAGE_OPTIONS } from '@panel/shared';
import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';

/** What a list sends to the API (docs/product.md#lists-and-query-parameters): page, per_page, q, sort and its own filters. */
export type ListQuery<F extends string = string> = {
  page: number;
  per_page: number;
  q?: string;
  sort?: string;
} & Partial<Record<F, string>>;

export interface ListParams<F extends string = string> {
  page: number;
  perPage: number;
  /** The search text as typed (the URL keeps it raw; `query.q` is trimmed). */
  q: string;
  /** A column name, with a leading `-` for descending order; '' when unsorted. */
  sort: string;
  filters: Record<F, string>;
  activeFilterCount: number;
  /** Ready for the API and for the query key: empty values left out. */
  query: ListQuery<F>;
  setPage: (page: number) => void;
  setPerPage: (perPage: number) => void;
  setSearch: (q: string) => void;
  setSort: (sort: string) => void;
  setFilter: (key: F, value: string | null | undefined) => void;
  clearFilters: () => void;
}

export interface UseListParamsOptions<F extends string> {
  /** The URL parameters this list filters by, such as ['city']. */
  filters?: readonly F[];
  /** Page sizes this list offers; default PER_PAGE_OPTIONS (5/10/20/50/100). */
  perPageOptions?: readonly number[];
  /**
   * The size this list opens with when the administrator has not picked one for it in this browser:
   * PANEL_DEFAULT_PER_PAGE (10); Historial uses 20 (docs/product.md#constants).
   */
  defaultPerPage?: number;
}

/** Where a list's chosen page size is kept, per screen (its path). */
export const perPageStorageKey = (pathname: string) => `panel-per-page:${pathname}`;

function storedPerPage(pathname: string): number | null {
  try {
    const n = Number(window.localStorage.getItem(perPageStorageKey(pathname)));
    return Number.isInteger(n) && n >= 1 ? n : null;
  } catch {
    return null;
  }
}

function storePerPage(pathname: string, perPage: number) {
  try {
    window.localStorage.setItem(perPageStorageKey(pathname), String(perPage));
  } catch {
    // A browser that keeps nothing (private mode, full storage) still pages; it only does not remember.
  }
}

function positiveInt(raw: string | null, fallback: number): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

/**
 * A list's state kept in the URL's search params, so reload, links and back/forward work.
 * Changing the search, the sort, a filter or the page size goes back to page 1.
 */
export function useListParams<F extends string = never>(
  options: UseListParamsOptions<F> = {},
): ListParams<F> {
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
  const filterKeys = options.filters ?? ([] as readonly F[]);
  const filterKeyList = filterKeys.join(',');
  const perPageOptions: readonly number[] = options.perPageOptions ?? PER_PAGE_OPTIONS;
  // The size the administrator last picked for this list in this browser, else the list's own default.
  const listDefault = options.defaultPerPage ?? PANEL_DEFAULT_PER_PAGE;
  const stored = storedPerPage(pathname);
  const defaultPerPage = stored !== null && perPageOptions.includes(stored) ? stored : listDefault;

  const page = positiveInt(searchParams.get('page'), 1);
  const perPageRaw = positiveInt(searchParams.get('per_page'), defaultPerPage);
  const perPage = perPageOptions.includes(perPageRaw) ? perPageRaw : defaultPerPage;
  const q = searchParams.get('q') ?? '';
  const sort = searchParams.get('sort') ?? '';

  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKeyList stands for filterKeys' contents.
  const filters = useMemo(() => {
    const out = {} as Record<F, string>;
    for (const key of filterKeys) out[key] = searchParams.get(key) ?? '';
    return out;
  }, [searchParams, filterKeyList]);

  const update = useCallback(
    (
      changes: Record<string, string | number | null | undefined>,
      opts: { resetPage: boolean; replace?: boolean },
    ) => {
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === null || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          if (opts.resetPage) next.delete('page');
          if (next.get('page') === '1') next.delete('page');
          // The address names any other size, so a shared link opens as it is seen.
          if (next.get('per_page') === String(listDefault)) next.delete('per_page');
          return next;
        },
        // flushSync: the next click (a second sort toggle, another "next") must see this state, not a deferred one.
        { replace: opts.replace ?? false, preventScrollReset: true, flushSync: true },
      );
    },
    [setSearchParams, listDefault],
  );

  const query = useMemo(() => {
    const out: Record<string, string | number> = { page, per_page: perPage };
    const trimmed = q.trim();
    if (trimmed) out.q = trimmed;
    if (sort) out.sort = sort;
    for (const [key, value] of Object.entries(filters)) if (value) out[key] = value as string;
    return out as ListQuery<F>;
  }, [page, perPage, q, sort, filters]);

  const activeFilterCount = Object.values(filters).filter(Boolean).length;

  return {
    page,
    perPage,
    q,
    sort,
    filters,
    activeFilterCount,
    query,
    setPage: useCallback((p: number) => update({ page: p }, { resetPage: false }), [update]),
    setPerPage: useCallback(
      (n: number) => {
        storePerPage(pathname, n);
        update({ per_page: n }, { resetPage: true });
      },
      [update, pathname],
    ),
    // Typing is not history: the debounced search replaces the entry instead of stacking one per word.
    setSearch: useCallback(
      (text: string) => update({ q: text }, { resetPage: true, replace: true }),
      [update],
    ),
    setSort: useCallback((s: string) => update({ sort: s }, { resetPage: true }), [update]),
    setFilter: useCallback((key: F, value) => update({ [key]: value }, { resetPage: true }), [update]),
    // biome-ignore lint/correctness/useExhaustiveDependencies: filterKeyList stands for filterKeys' contents.
    clearFilters: useCallback(
      () => update(Object.fromEntries(filterKeys.map((k) => [k, null])), { resetPage: true }),
      [update, filterKeyList],
    ),
  };
}

/** The next sort when a column header is clicked: ascending, then descending, then unsorted. */
export function nextSort(current: string, column: string): string {
  if (current === column) return `-${column}`;
  if (current === `-${column}`) return '';
  return column;
}
