import type { TListResponse } from '@panel/shared';
import { apiRequest } from './api-client';

/** A list of the API read page after page; the cap only bounds a pathological range. */
export async function allPages<T>(
  path: string,
  query: Record<string, string | number>,
  {
    perPage = 100,
    maxPages = 30,
    signal,
  }: { perPage?: number; maxPages?: number; signal?: AbortSignal } = {},
): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const res = await apiRequest<TListResponse<T>>(path, {
      query: { ...query, per_page: perPage, page },
      signal,
    });
    rows.push(...res.data);
    if (page >= res.meta.last_page) break;
  }
  return rows;
}
