import { APP_MSG, type TListMeta, type TPointTransaction, type ZTransactionListQuery } from '@panel/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { pointSearchKeys as keys, pointActions, pointTransactions as tx } from '../../db/schema/points.ts';
import { users } from '../../db/schema/users.ts';
import { dayRange } from '../../lib/business-time.ts';
import { turnEventLoop } from '../../lib/csv.ts';
import { fieldError } from '../../lib/http-errors.ts';
import { decodeKeyset, encodeKeyset } from '../../lib/keyset.ts';
import { containsFolded, containsText, escapeLike, fetchPage } from '../../lib/list-query.ts';
import { ownerInScope, type PanelScope, scopeBranch } from '../auth/branch-scope.ts';
import { ledgerEntries } from './totals.ts';

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
 * (point_action_id, created_at), (created_at, id). `q` is not one more condition: one `OR` of its
 * ways of matching cannot use any index. What a row's action and description match is decided once
 * per distinct pair, in point_search_keys (migration 0013), so `q` is two disjoint `branches`: the
 * rows whose search key matches (an index-only read of (search_key_id, created_at, id)), and the
 * rows of the sellers it finds whose key does not. Counts add the branches; pages merge them.
 */
export interface LedgerQuery {
  where: SQL;
  /** null without `q`; else disjoint branches whose union `q` matches (empty: `q` matches nothing). */
  branches: LedgerBranch[] | null;
}

export interface LedgerBranch {
  /** The branch's condition on the ledger's columns. */
  match: SQL;
  /**
   * The ids of its newest `n` rows under `conditions` (filters and keyset), when a better plan than
   * `match`'s own is known.
   */
  newest?: (conditions: SQL, n: number) => SQL;
}

/**
 * Up to this many keys, a page of the key branch reads each key's newest rows on its own (an
 * index-only read of `n` entries per key) and merges them; the planner's own plan for
 * `search_key = ANY(…)` walks the whole ledger newest first and tests every row.
 */
const KEYS_READ_ONE_BY_ONE = 200;

/**
 * Builds the LedgerQuery. With `q`, the search keys it matches (their folded description, or their
 * action's name or key) and the sellers (name) are looked up first, in one small query: with their
 * ids as values the planner sees how many ledger rows each branch holds. A branch manager's `scope`
 * keeps their branch's sellers' rows, in `where`, so every branch of `q` and every count has it.
 */
export async function transactionsQuery(
  db: Db,
  filters: TransactionFilters,
  timeZone: string,
  scope: PanelScope,
): Promise<LedgerQuery> {
  const conditions: SQL[] = [sql`true`];
  if (scopeBranch(scope) !== null) conditions.push(ownerInScope(scope, sql`${tx.userId}`));
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
  const [found] = await queryRows<{ keys: string[]; users: number[] }>(
    db,
    // The keys are 64-bit: they travel as text.
    sql`SELECT
      ARRAY(
        SELECT ${keys.id}::text FROM ${keys} WHERE ${containsFolded(keys.key, filters.q)}
        UNION
        SELECT ${keys.id}::text FROM ${keys} WHERE ${keys.pointActionId} IN (
          SELECT ${pointActions.id} FROM ${pointActions}
          WHERE ${containsText(pointActions.name, filters.q)} OR ${pointActions.key} LIKE ${keyPattern})
      ) AS keys,
      ARRAY(SELECT ${users.id} FROM ${users} WHERE ${containsFolded(users.nameKey, filters.q)}) AS users`,
  );
  const branches: LedgerBranch[] = [];
  const matched = found?.keys.length ? idArray(found.keys) : null;
  if (matched) {
    // With a user or an action filter, their own indexes find a page better than each key's rows.
    const oneByOne =
      found!.keys.length <= KEYS_READ_ONE_BY_ONE && filters.user_id === undefined && !filters.action_key;
    branches.push({
      match: sql`${tx.searchKey} = ANY(${matched}::bigint[])`,
      newest: oneByOne
        ? (conditions, n) =>
            sql`SELECT hit.id FROM unnest(${matched}::bigint[]) AS k(key) CROSS JOIN LATERAL (
                  SELECT ${tx.id} AS id, ${tx.createdAt} AS created_at FROM ${tx}
                  WHERE ${conditions} AND ${tx.searchKey} = k.key ${newestFirst} LIMIT ${n}) AS hit
                ORDER BY hit.created_at DESC, hit.id DESC LIMIT ${n}`
        : undefined,
    });
  }
  if (found?.users.length) {
    const sellers = sql`${tx.userId} = ANY(${idArray(found.users)}::int[])`;
    // The rows the first branch holds are left out, so the branches never overlap.
    branches.push({
      match: matched ? sql`${sellers} AND ${tx.searchKey} <> ALL(${matched}::bigint[])` : sellers,
    });
  }
  return { where, branches };
}

/** One parameter for any number of ids (a list of parameters has a ceiling of 65 535). */
const idArray = (ids: (number | string)[]) => `{${ids.map((id) => BigInt(id).toString()).join(',')}}`;

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
 * branch gives its own newest `offset + limit` rows through its index, and only those (the branches
 * are disjoint: UNION ALL) are joined, sorted and cut.
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
  if (query.branches.length === 0) return sql`${columns} FROM ${tx} ${joins} WHERE false`;
  const n = offset + limit;
  const hits = sql.join(
    query.branches.map((branch) =>
      branch.newest
        ? sql`(${branch.newest(sql`${query.where} AND ${after}`, n)})`
        : sql`(SELECT ${tx.id} AS id FROM ${tx} WHERE ${query.where} AND ${after} AND ${branch.match} ${newestFirst} LIMIT ${n})`,
    ),
    sql` UNION ALL `,
  );
  return sql`${columns} FROM (${hits}) AS hits JOIN ${tx} ON ${tx.id} = hits.id ${joins} ${newestFirst} LIMIT ${limit} OFFSET ${offset}`;
}

/** How many rows the filters match: with `q`, the sum of the (disjoint) branches' counts. */
export function transactionsCount(query: LedgerQuery): SQL {
  if (!query.branches) return sql`SELECT count(*) AS n FROM ${tx} WHERE ${query.where}`;
  if (query.branches.length === 0) return sql`SELECT 0 AS n`;
  const counts = query.branches.map(
    (branch) => sql`(SELECT count(*) FROM ${tx} WHERE ${query.where} AND ${branch.match})`,
  );
  return sql`SELECT ${sql.join(counts, sql` + `)} AS n`;
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

const onlyUserFilter = (query: { action_key?: string; from?: string; to?: string; q?: string }) =>
  !query.action_key && !query.from && !query.to && !query.q;

/**
 * One page of the ledger, newest first (filters: TransactionFilters; `cursor`: a keyset after the
 * last row of the previous page, else `page`), its meta, and the next page's cursor when there is one.
 */
export async function selectTransactionsPage(
  db: Db,
  query: z.infer<typeof ZTransactionListQuery>,
  timeZone: string,
  scope: PanelScope,
): Promise<{ rows: TransactionRow[]; meta: TListMeta; nextCursor: string | null }> {
  const ledger = await transactionsQuery(db, query, timeZone, scope);
  const manager = scopeBranch(scope) !== null;
  let after = sql`true`;
  if (query.cursor) {
    const position = decodeKeyset(query.cursor);
    if (!position) throw fieldError('cursor', APP_MSG.invalidCursor);
    after = sql`(${tx.createdAt}, ${tx.id}) < (${position.createdAt}::timestamptz, ${position.id})`;
  }
  const { rows, meta } = await fetchPage(
    query,
    ({ limit, offset }) =>
      queryRows<TransactionRow>(db, transactionsSelect(ledger, after, limit + 1, query.cursor ? 0 : offset)),
    queryRows<{ n: number | string }>(
      db,
      // Only a user filter, or none: the running totals know the count (point_totals.entries), a
      // manager's too (their sellers' rows of it).
      onlyUserFilter(query)
        ? ledgerEntries(query.user_id, manager ? ownerInScope(scope, sql`user_id`) : undefined)
        : transactionsCount(ledger),
    ),
  );
  const page = rows.slice(0, query.per_page);
  const last = page.at(-1);
  return {
    rows: page,
    meta,
    nextCursor: rows.length > query.per_page && last ? encodeKeyset(last.cursor_at, Number(last.id)) : null,
  };
}

/** Rows per batch of the points export (GET /api/points/transactions/export). */
const EXPORT_BATCH = 1000;

/**
 * Keyset batches (created_at, id) newest first: memory stays at one batch whatever the ledger's
 * size, and the event loop turns between batches, so other requests are served during a large
 * export (issue 28, item 9).
 */
export async function* transactionBatches(
  db: Db,
  filters: TransactionFilters,
  timeZone: string,
  scope: PanelScope,
) {
  const ledger = await transactionsQuery(db, filters, timeZone, scope);
  let cursor: { at: string; id: number } | null = null;
  for (;;) {
    const keyset: ReturnType<typeof sql> = cursor
      ? sql`(${tx.createdAt}, ${tx.id}) < (${cursor.at}::timestamptz, ${cursor.id})`
      : sql`true`;
    const rows: TransactionRow[] = await queryRows<TransactionRow>(
      db,
      transactionsSelect(ledger, keyset, EXPORT_BATCH),
    );
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_BATCH) return;
    await turnEventLoop();
    const last: TransactionRow = rows[rows.length - 1]!;
    cursor = { at: last.cursor_at, id: Number(last.id) };
  }
}
