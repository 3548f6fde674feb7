import type { TListMeta } from '@panel/shared';
import { type AnyColumn, or, type SQL, sql } from 'drizzle-orm';

/** page/per_page → LIMIT/OFFSET; pages past the end are simply empty. */
export function pageWindow(query: { page: number; per_page: number }) {
  const offset = (query.page - 1) * query.per_page;
  return { limit: query.per_page, offset: Number.isSafeInteger(offset) ? offset : Number.MAX_SAFE_INTEGER };
}

export function listMeta(query: { page: number; per_page: number }, total: number): TListMeta {
  return {
    page: query.page,
    per_page: query.per_page,
    total,
    last_page: Math.max(1, Math.ceil(total / query.per_page)),
  };
}

/**
 * One page of a list and its total, queried together: `rows` reads the LIMIT/OFFSET window of
 * the page, `total` counts every row the list's WHERE matches (a count(*) as number or text).
 */
export async function fetchPage<Row>(
  query: { page: number; per_page: number },
  rows: (window: { limit: number; offset: number }) => PromiseLike<Row[]>,
  total: PromiseLike<{ n: number | string }[]>,
): Promise<{ rows: Row[]; meta: TListMeta }> {
  const [page, [counted]] = await Promise.all([rows(pageWindow(query)), total]);
  return { rows: page, meta: listMeta(query, Number(counted?.n ?? 0)) };
}

/** `-name` → { key: 'name', desc: true }; no `sort` → the fallback key, ascending unless `fallbackDesc`. */
export function parseSort<K extends string>(
  sort: string | undefined,
  fallback: K,
  fallbackDesc = false,
): { key: K; desc: boolean } {
  if (!sort) return { key: fallback, desc: fallbackDesc };
  const desc = sort.startsWith('-');
  return { key: (desc ? sort.slice(1) : sort) as K, desc };
}

/** Escapes LIKE wildcards so `q` is searched literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * "contains `q`", ignoring case and accents, on the same expression the trigram indexes
 * cover: f_unaccent(lower(column)).
 */
export function containsText(column: AnyColumn, q: string): SQL {
  return sql`f_unaccent(lower(${column})) LIKE f_unaccent(${likePattern(q)})`;
}

/** containsText on several columns: `q` found in any of them. */
export function containsTextInAny(q: string, ...columns: AnyColumn[]): SQL {
  return or(...columns.map((column) => containsText(column, q)))!;
}

/** Like containsText, for a column that already holds f_unaccent(lower(…)) (users.name_key). */
export function containsFolded(foldedColumn: AnyColumn, q: string): SQL {
  return sql`${foldedColumn} LIKE f_unaccent(${likePattern(q)})`;
}

const likePattern = (q: string) => `%${escapeLike(q.toLowerCase())}%`;

/** The sort expression for text columns: accent- and case-insensitive. */
export function textSortKey(column: AnyColumn): SQL {
  return sql`f_unaccent(lower(${column}))`;
}
