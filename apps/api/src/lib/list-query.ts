import type { TListMeta } from '@panel/shared';
import { type AnyColumn, or, type Placeholder, type SQL, sql } from 'drizzle-orm';

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

/**
 * Like containsText, for a column that already holds f_unaccent(lower(…)) (users.name_key). In a
 * reused query (reusedQuery), a placeholder stands for `q`'s likePattern.
 */
export function containsFolded(foldedColumn: AnyColumn, q: string | Placeholder): SQL {
  return sql`${foldedColumn} LIKE f_unaccent(${typeof q === 'string' ? likePattern(q) : q})`;
}

/** The LIKE pattern of containsText and containsFolded: `q` anywhere, lower case, wildcards escaped. */
export const likePattern = (q: string) => `%${escapeLike(q.toLowerCase())}%`;

/** The sort expression for text columns: accent- and case-insensitive. */
export function textSortKey(column: AnyColumn): SQL {
  return sql`f_unaccent(lower(${column}))`;
}

/** What a query builder turns into once drizzle has built it: its SQL text, parameters and row mapping. */
interface Preparable<Prepared> {
  prepare(name: string): Prepared;
}

const reused = new WeakMap<object, Map<string, unknown>>();

/**
 * A query built once per database and shape, then reused: drizzle builds its SQL text, parameter
 * list and row mapping on the first call only (building was a sixth of the server's CPU on a list
 * call); later calls hand their values to `execute({ … })` for the query's `sql.placeholder`s.
 * `shape` must name everything that changes the SQL (which filters are present, the sort), never a
 * value. The statement stays unnamed, as every other query's: PostgreSQL plans it with the values
 * of each call (a generic plan could not see how selective a trigram search is).
 */
export function reusedQuery<Database extends object, Prepared>(
  db: Database,
  shape: string,
  build: (db: Database) => Preparable<Prepared>,
): Prepared {
  let statements = reused.get(db);
  if (!statements) {
    statements = new Map();
    reused.set(db, statements);
  }
  let statement = statements.get(shape) as Prepared | undefined;
  if (statement === undefined) {
    // An empty name: node-postgres sends an unnamed statement, PGlite ignores it.
    statement = build(db).prepare('');
    statements.set(shape, statement);
  }
  return statement;
}

/**
 * The shape of a query's filters: the names of the values that are present. A query built with a
 * `sql.placeholder` for each present value fits every call where the same ones are present.
 */
export function presentKeys(values: Record<string, unknown>): string {
  let shape = '';
  for (const key in values) if (values[key] !== undefined) shape += `${key},`;
  return shape;
}
