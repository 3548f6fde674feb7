import type { Readable } from 'node:stream';
import { roleLabel, type TRole, type TUserExportQuery } from '@panel/shared';
import { asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { branches } from '../../db/schema/branches.ts';
import { users } from '../../db/schema/users.ts';

import { csvDownload, csvSafe, turnEventLoop } from '../../lib/csv.ts';
import { parseSort } from '../../lib/list-query.ts';
import {
  type Actor,
  USER_SORT_COLUMNS,
  type UserSortKey,
  userColumns,
  userListValues,
  userListWhere,
} from './records.ts';

/** Rows per query: memory stays flat however many people match. */
export const EXPORT_BATCH = 500;

/** The header names the import also understands, so an export can be edited and imported back. */
export const EXPORT_HEADER = ['Nombre', 'Email', 'Rol', 'Sucursal', 'Activo', 'Alta'];

/** The SQL type each sort expression is compared as, for the keyset condition. */
const SORT_TYPES: Record<UserSortKey, SQL> = {
  name: sql`text`,
  email: sql`text`,
  role: sql`text`,
  created_at: sql`timestamptz`,
};

type UserRowWithCursor = {
  id: number;
  name: string;
  email: string;
  role: TRole;
  branch_name: string | null;
  active: boolean;
  created_at: Date;
  cursor: string;
};

type ExportQuery = Omit<TUserExportQuery, 'active' | 'branch_id'> & { active?: boolean; branch_id?: number };

/**
 * Every person `actor` may see matching the list's search and filters, in its order, read in keyset batches of
 * EXPORT_BATCH on (sort key, id). The cursor is the sort key as text, so timestamps keep their
 * microseconds.
 */
export async function* exportUserRows(db: Db, query: ExportQuery, timeZone: string, actor: Actor) {
  const values = userListValues(query, actor);
  const where = userListWhere(values);
  const sort = parseSort<UserSortKey>(query.sort, 'name');
  const key = USER_SORT_COLUMNS[sort.key];
  const direction = sort.desc ? desc : asc;
  const dateFormat = new Intl.DateTimeFormat('es-AR', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
  let cursor: { value: string; id: number } | null = null;
  for (;;) {
    const after: SQL | undefined = cursor
      ? sort.desc
        ? sql`(${key}, ${users.id}) < (${cursor.value}::${SORT_TYPES[sort.key]}, ${cursor.id})`
        : sql`(${key}, ${users.id}) > (${cursor.value}::${SORT_TYPES[sort.key]}, ${cursor.id})`
      : undefined;
    const conditions: SQL[] = [where, after].filter((c): c is SQL => c !== undefined);
    const rows: UserRowWithCursor[] = await db
      .select({ ...userColumns, cursor: sql<string>`(${key})::text` })
      .from(users)
      .leftJoin(branches, eq(branches.id, users.branchId))
      .where(conditions.length > 0 ? sql.join(conditions, sql` and `) : undefined)
      .orderBy(direction(key), direction(users.id))
      .limit(EXPORT_BATCH)
      .execute(values);
    for (const row of rows) {
      yield [
        row.name,
        row.email,
        roleLabel(row.role),
        row.branch_name ?? '',
        row.active ? 'Sí' : 'No',
        dateFormat.format(row.created_at),
      ].map(csvSafe);
    }
    if (rows.length < EXPORT_BATCH) return;
    // Other requests are served between batches (issue 28, item 9).
    await turnEventLoop();
    const last: UserRowWithCursor = rows[rows.length - 1]!;
    cursor = { value: last.cursor, id: last.id };
  }
}

/** The CSV as a stream (lib/csv.ts), started once the first batch has been read. */
export function userExportStream(
  db: Db,
  query: ExportQuery,
  timeZone: string,
  actor: Actor,
): Promise<Readable> {
  return csvDownload(EXPORT_HEADER, exportUserRows(db, query, timeZone, actor));
}
