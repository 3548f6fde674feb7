import type { TListResponse } from '@panel/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { afterEach, beforeEach, vi } from 'vitest';
import { PHONE_QUERY } from '../components/resource-list/use-list-layout';
import { type ListQuery, useListParams } from '../components/resource-list/use-list-params';

/** The record the ResourceList tests list: "Fruta 1", "Fruta 2"... */
export interface Fruit {
  id: number;
  name: string;
}

/** `count` fruits, ids from 1, named "Fruta 1"... */
export function fruitsOf(count: number): Fruit[] {
  return Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `Fruta ${i + 1}` }));
}

/** The page `query` asks for out of `rows`, with the meta the API sends. */
export function pageOf<T>(rows: readonly T[], query: ListQuery): TListResponse<T> {
  const { page, per_page } = query;
  return {
    data: rows.slice((page - 1) * per_page, page * per_page),
    meta: { page, per_page, total: rows.length, last_page: Math.max(1, Math.ceil(rows.length / per_page)) },
  };
}

/**
 * What a test's ResourceList of fruits shares: the title "Frutas", the URL's list params (5 rows a
 * page, so the fixtures page; `null` leaves the panel's 10) and the query `serve` answers.
 */
export function useFruitList<T extends Fruit>(
  serve: (query: ListQuery) => TListResponse<T> | Promise<TListResponse<T>>,
  defaultPerPage: number | null = 5,
) {
  const params = useListParams(defaultPerPage === null ? {} : { defaultPerPage });
  const result = useQuery({
    queryKey: ['fruits', params.query],
    queryFn: async () => serve(params.query),
    placeholderData: keepPreviousData,
  });
  return {
    title: 'Frutas',
    params,
    result,
    getRowId: (f: T) => f.id,
  };
}

/** Inside a `describe`: every test in it runs below 768 px, where the lists show cards. */
export function onPhone() {
  const matchMedia = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = vi.fn((query: string) => ({
      ...matchMedia(query),
      matches: query === PHONE_QUERY,
    })) as typeof window.matchMedia;
  });
  afterEach(() => {
    window.matchMedia = matchMedia;
  });
}
