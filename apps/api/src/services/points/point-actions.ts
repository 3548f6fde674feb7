import { POINT_ACTION_MSG, type ZPointActionListQuery } from '@panel/shared';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { pointActions } from '../../db/schema/points.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { containsTextInAny, fetchPage, parseSort, textSortKey } from '../../lib/list-query.ts';
import { isBuiltInAction } from './built-in-actions.ts';

const SORT_COLUMNS = {
  name: textSortKey(pointActions.name),
  key: sql`${pointActions.key}`,
  points: sql`${pointActions.points}`,
  created_at: sql`${pointActions.createdAt}`,
} satisfies Record<string, SQL>;

/** One page of point actions: `q` on name, key and description, `active`; by name by default. */
export async function selectPointActionsPage(db: Db, query: z.infer<typeof ZPointActionListQuery>) {
  const conditions: SQL[] = [];
  if (query.q) {
    conditions.push(
      containsTextInAny(query.q, pointActions.name, pointActions.key, pointActions.description),
    );
  }
  if (query.active !== undefined) conditions.push(eq(pointActions.active, query.active));
  const where = and(...conditions);
  const sort = parseSort<keyof typeof SORT_COLUMNS>(query.sort, 'name');
  const direction = sort.desc ? desc : asc;
  return fetchPage(
    query,
    ({ limit, offset }) =>
      db
        .select()
        .from(pointActions)
        .where(where)
        .orderBy(direction(SORT_COLUMNS[sort.key]), SORT_COLUMNS.name, asc(pointActions.id))
        .limit(limit)
        .offset(offset),
    db.select({ n: count() }).from(pointActions).where(where),
  );
}

/**
 * Deletes a point action: 404 when there is none, 409 for the app's own actions and for one that has
 * awarded points (the ledger keeps pointing to it); a foreign key error (23503) when an award came
 * meanwhile (the route answers it 409).
 */
export async function deletePointAction(db: Db, id: number): Promise<void> {
  const [found] = await db
    .select({ key: pointActions.key })
    .from(pointActions)
    .where(eq(pointActions.id, id));
  if (!found) throw notFound(POINT_ACTION_MSG.notFound);
  if (isBuiltInAction(found.key)) throw conflict(POINT_ACTION_MSG.builtInDelete);
  const [usage] = await queryRows<{ used: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM point_transactions WHERE point_action_id = ${id}) AS used`,
  );
  if (usage?.used) throw conflict(POINT_ACTION_MSG.inUse);
  await db.delete(pointActions).where(eq(pointActions.id, id));
}
