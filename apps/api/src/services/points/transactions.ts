import type { TPointTransaction } from '@panel/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { pointActions, pointTransactions as tx } from '../../db/schema/points.ts';
import { users } from '../../db/schema/users.ts';
import { dayRange } from '../../lib/business-time.ts';
import { containsFolded, containsText, escapeLike } from '../../lib/list-query.ts';

export interface TransactionFilters {
  user_id?: number;
  action_key?: string;
  from?: string;
  to?: string;
  q?: string;
}

/**
 * Historial's filters, ready to query: `where` holds the conditions on the ledger's own columns
 * (user, action key, days), each served by its index: (user_id, created_at),
 * (point_action_id, created_at), (created_at, id). `q` is not one more condition: one `OR` of the
 * description's trigram match and the action and user look-ups cannot use any index, and counting
 * it scanned the whole ledger (4 s at 2 M rows). So each way of matching is a `branch` of its own,
 * read through its own index (the description's trigram index, the action's, the user's), and
 * pages and counts are the UNION of the branches.
 */
export interface LedgerQuery {
  where: SQL;
  /** null without `q`; else the conditions whose union `q` matches (the description's always first). */
  branches: SQL[] | null;
}

/**
 * Builds the LedgerQuery. With `q`, the actions (name or key) and sellers (name) it finds are
 * looked up first, in one small query: with their ids as values the planner sees how many ledger
 * rows each branch holds, where `IN (subquery)` made it walk the whole ledger newest first
 * looking for an action that matched nothing.
 */
export async function transactionsQuery(
  db: Db,
  filters: TransactionFilters,
  timeZone: string,
): Promise<LedgerQuery> {
  const conditions: SQL[] = [sql`true`];
  if (filters.user_id !== undefined) conditions.push(sql`${tx.userId} = ${filters.user_id}`);
  if (filters.action_key) {
    conditions.push(
      sql`${tx.pointActionId} IN (SELECT ${pointActions.id} FROM ${pointActions} WHERE ${pointActions.key} = ${filters.action_key})`,
    );
  }
  const range = dayRange(filters.from, filters.to, timeZone);
  if (range.from) conditions.push(sql`${tx.createdAt} >= ${range.from.toISOString()}::timestamptz`);
  if (range.to) conditions.push(sql`${tx.createdAt} < ${range.to.toISOString()}::timestamptz`);
  const where = sql.join(conditions, sql` AND `);
  if (!filters.q) return { where, branches: null };

  const keyPattern = `%${escapeLike(filters.q.toLowerCase())}%`;
  const [found] = await queryRows<{ actions: number[]; users: number[] }>(
    db,
    sql`SELECT
      ARRAY(SELECT ${pointActions.id} FROM ${pointActions}
        WHERE ${containsText(pointActions.name, filters.q)} OR ${pointActions.key} LIKE ${keyPattern}) AS actions,
      ARRAY(SELECT ${users.id} FROM ${users} WHERE ${containsFolded(users.nameKey, filters.q)}) AS users`,
  );
  const branches = [containsText(tx.description, filters.q)];
  if (found?.actions.length) branches.push(sql`${tx.pointActionId} = ANY(${intArray(found.actions)}::int[])`);
  if (found?.users.length) branches.push(sql`${tx.userId} = ANY(${intArray(found.users)}::int[])`);
  return { where, branches };
}

/** One parameter for any number of ids (a list of parameters has a ceiling of 65 535). */
const intArray = (ids: number[]) => `{${ids.map(Number).join(',')}}`;

export interface TransactionRow {
  id: number | string | bigint;
  user_id: number;
  user_name: string;
  points: number;
  action_name: string | null;
  action_key: string | null;
  description: string | null;
  reference_type: string | null;
  reference_id: string | null;
  created_at: Date | string;
  /** created_at at full (microsecond) precision, for keyset paging. */
  cursor_at: string;
}

const newestFirst = sql`ORDER BY ${tx.createdAt} DESC, ${tx.id} DESC`;

/**
 * One page, newest first. `after` is the caller's extra condition (the keyset). With `q`, each
 * branch gives its own newest `offset + limit` rows through its index, and only the union of those
 * is joined, sorted and cut.
 */
export function transactionsSelect(query: LedgerQuery, after: SQL, limit: number, offset = 0): SQL {
  const columns = sql`
    SELECT ${tx.id} AS id, ${tx.userId} AS user_id, ${users.name} AS user_name, ${tx.points} AS points,
      ${pointActions.name} AS action_name, ${pointActions.key} AS action_key,
      ${tx.description} AS description, ${tx.referenceType} AS reference_type,
      ${tx.referenceId} AS reference_id, ${tx.createdAt} AS created_at, ${tx.createdAt}::text AS cursor_at`;
  const joins = sql`
    JOIN ${users} ON ${users.id} = ${tx.userId}
    LEFT JOIN ${pointActions} ON ${pointActions.id} = ${tx.pointActionId}`;
  if (!query.branches) {
    return sql`${columns} FROM ${tx} ${joins} WHERE ${query.where} AND ${after} ${newestFirst} LIMIT ${limit} OFFSET ${offset}`;
  }
  const hits = sql.join(
    query.branches.map(
      (branch) =>
        sql`(SELECT ${tx.id} AS id FROM ${tx} WHERE ${query.where} AND ${after} AND ${branch} ${newestFirst} LIMIT ${offset + limit})`,
    ),
    sql` UNION `,
  );
  return sql`${columns} FROM (${hits}) AS hits JOIN ${tx} ON ${tx.id} = hits.id ${joins} ${newestFirst} LIMIT ${limit} OFFSET ${offset}`;
}

/** How many rows the filters match: with `q`, the size of the union of the branches' ids. */
export function transactionsCount(query: LedgerQuery): SQL {
  if (!query.branches) return sql`SELECT count(*) AS n FROM ${tx} WHERE ${query.where}`;
  const ids = sql.join(
    query.branches.map((branch) => sql`SELECT ${tx.id} FROM ${tx} WHERE ${query.where} AND ${branch}`),
    sql` UNION `,
  );
  return sql`SELECT count(*) AS n FROM (${ids}) AS hits`;
}

export function toTransactionDto(row: TransactionRow): TPointTransaction {
  return {
    id: Number(row.id),
    user_id: Number(row.user_id),
    user_name: row.user_name,
    points: Number(row.points),
    action: row.action_key !== null ? { name: row.action_name ?? row.action_key, key: row.action_key } : null,
    description: row.description,
    reference_type: row.reference_type,
    reference_id: row.reference_id,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** One seller's own ledger rows, newest first (the community app's history and "Mis puntos"). */
export function sellerLedgerRows(db: Db, userId: number, limit: number, offset = 0) {
  return queryRows<{
    id: number;
    points: number;
    description: string | null;
    action_key: string | null;
    action_name: string | null;
    reference_type: string | null;
    reference_id: string | null;
    created_at: Date | string;
  }>(
    db,
    sql`SELECT t.id, t.points, t.description, a.key AS action_key, a.name AS action_name,
        t.reference_type, t.reference_id, t.created_at
      FROM point_transactions t LEFT JOIN point_actions a ON a.id = t.point_action_id
      WHERE t.user_id = ${userId}
      ORDER BY t.created_at DESC, t.id DESC LIMIT ${limit} OFFSET ${offset}`,
  );
}
