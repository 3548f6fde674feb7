import { type SQL, sql } from 'drizzle-orm';
import { rowCounts } from './schema/counts.ts';

export type RowCounter = 'posts' | 'events' | 'active_sellers';

/** The kept count (row_counts, migration 0010) as a scalar expression; no row means zero. */
export function rowCount(name: RowCounter): SQL {
  return sql`coalesce((SELECT ${rowCounts.n} FROM ${rowCounts} WHERE ${rowCounts.name} = ${name}), 0)`;
}
