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
 * The WHERE of Historial and its export. Every condition is on the ledger's own columns
 * (joined tables are reached through `IN (subquery)`), so counting needs no join and each
 * filter can use its index: (user_id, created_at), (point_action_id, created_at),
 * (created_at, id) and the trigram index of the description.
 */
export function transactionsWhere(filters: TransactionFilters, timeZone: string): SQL {
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
  if (filters.q) {
    const keyPattern = `%${escapeLike(filters.q.toLowerCase())}%`;
    conditions.push(sql`(
      ${containsText(tx.description, filters.q)}
      OR ${tx.pointActionId} IN (
        SELECT ${pointActions.id} FROM ${pointActions}
        WHERE ${containsText(pointActions.name, filters.q)} OR ${pointActions.key} LIKE ${keyPattern}
      )
      OR ${tx.userId} IN (SELECT ${users.id} FROM ${users} WHERE ${containsFolded(users.nameKey, filters.q)})
    )`);
  }
  return sql.join(conditions, sql` AND `);
}

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

/** Newest first; the caller adds its own extra condition (keyset) and LIMIT/OFFSET. */
export function transactionsSelect(where: SQL): SQL {
  return sql`
    SELECT ${tx.id} AS id, ${tx.userId} AS user_id, ${users.name} AS user_name, ${tx.points} AS points,
      ${pointActions.name} AS action_name, ${pointActions.key} AS action_key,
      ${tx.description} AS description, ${tx.referenceType} AS reference_type,
      ${tx.referenceId} AS reference_id, ${tx.createdAt} AS created_at, ${tx.createdAt}::text AS cursor_at
    FROM ${tx}
    JOIN ${users} ON ${users.id} = ${tx.userId}
    LEFT JOIN ${pointActions} ON ${pointActions.id} = ${tx.pointActionId}
    WHERE ${where}
    ORDER BY ${tx.createdAt} DESC, ${tx.id} DESC`;
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
