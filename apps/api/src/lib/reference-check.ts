import { eq } from 'drizzle-orm';
import type { PgColumn, PgDatabase, PgQueryResultHKT, PgTable } from 'drizzle-orm/pg-core';
import { fieldError } from './http-errors.ts';

/**
 * A body's foreign id that points nowhere is the caller's mistake about that field (400 naming
 * it), not a conflict: checked before writing so the answer says which field is wrong.
 */
export async function assertReference(
  // The Db of db/client.ts, named by its drizzle type: lib/ imports nothing of the app.
  db: PgDatabase<PgQueryResultHKT>,
  table: PgTable,
  idColumn: PgColumn,
  id: number | null,
  field: string,
  message: string,
): Promise<void> {
  if (id === null) return;
  const [row] = await db.select({ id: idColumn }).from(table).where(eq(idColumn, id)).limit(1);
  if (!row) throw fieldError(field, message);
}
