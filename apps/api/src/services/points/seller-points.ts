import type { TAppLeaderboard, TAppMyPoints, TListMeta, ZAppTransaction } from '@panel/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { monthRange } from '../../lib/business-time.ts';
import { iso } from '../../lib/iso.ts';
import { fetchPage } from '../../lib/list-query.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { competitionRanks } from './leaderboard.ts';
import { businessMonthBounds } from './rules.ts';
import { sellerLedgerRows } from './transactions.ts';

/** One of the seller's own ledger rows, as the community app shows it. */
type SellerEntry = z.infer<typeof ZAppTransaction>;

const toEntry = (t: Awaited<ReturnType<typeof sellerLedgerRows>>[number]): SellerEntry => ({
  id: Number(t.id),
  points: t.points,
  description: t.description,
  action: t.action_key ? { key: t.action_key, name: t.action_name ?? t.action_key } : null,
  reference_type: t.reference_type,
  reference_id: t.reference_id,
  created_at: iso(t.created_at),
});

/** A user's points, all time. */
export async function totalPoints(db: Db | Tx, userId: number): Promise<number> {
  const [total] = await queryRows<{ n: number }>(
    db,
    sql`SELECT COALESCE(sum(points), 0)::int AS n FROM point_transactions WHERE user_id = ${userId}`,
  );
  return Number(total?.n ?? 0);
}

/** One page of a seller's own ledger, newest first. */
export async function sellerLedgerPage(
  db: Db,
  userId: number,
  query: { page: number; per_page: number },
): Promise<{ data: SellerEntry[]; meta: TListMeta }> {
  const { rows, meta } = await fetchPage(
    query,
    ({ limit, offset }) => sellerLedgerRows(db, userId, limit, offset),
    queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM point_transactions WHERE user_id = ${userId}`,
    ),
  );
  return { data: rows.map(toEntry), meta };
}

/**
 * "Mis puntos": the total, this month's points and the seller's place among the active sellers with
 * points this month (standard competition ranking), overall and in their branch, and the latest `recent`
 * ledger rows.
 */
export async function myPoints(
  db: Db,
  user: SessionUser,
  input: { now: Date; timeZone: string; recent: number },
): Promise<TAppMyPoints> {
  const { start, end } = businessMonthBounds(input.now, input.timeZone);
  const [summary] = await queryRows<{
    total_points: number;
    month_points: number | null;
    ranked: number;
    ahead: number;
    branch_ranked: number;
    branch_ahead: number;
  }>(
    db,
    sql`WITH month AS (
        SELECT t.user_id, sum(t.points)::int AS pts
        FROM point_transactions t JOIN users u ON u.id = t.user_id AND u.role = 'seller' AND u.active
        WHERE t.created_at >= ${start.toISOString()}::timestamptz AND t.created_at < ${end.toISOString()}::timestamptz
        GROUP BY t.user_id HAVING sum(t.points) > 0),
      branch_month AS (
        SELECT m.user_id, m.pts FROM month m JOIN users u ON u.id = m.user_id
        WHERE ${user.branch_id === null ? sql`false` : sql`u.branch_id = ${user.branch_id}`})
      SELECT
        (SELECT COALESCE(sum(points), 0)::int FROM point_transactions WHERE user_id = ${user.id}) AS total_points,
        (SELECT pts FROM month WHERE user_id = ${user.id}) AS month_points,
        (SELECT count(*)::int FROM month) AS ranked,
        (SELECT count(*)::int FROM month WHERE pts > (SELECT pts FROM month WHERE user_id = ${user.id})) AS ahead,
        (SELECT count(*)::int FROM branch_month) AS branch_ranked,
        (SELECT count(*)::int FROM branch_month
          WHERE pts > (SELECT pts FROM branch_month WHERE user_id = ${user.id})) AS branch_ahead`,
  );
  const recent = await sellerLedgerRows(db, user.id, input.recent);
  const monthPoints =
    summary?.month_points === null || summary?.month_points === undefined
      ? null
      : Number(summary.month_points);
  return {
    total_points: Number(summary?.total_points ?? 0),
    month_points: monthPoints ?? 0,
    rank: monthPoints === null ? null : Number(summary?.ahead ?? 0) + 1,
    ranked_sellers: Number(summary?.ranked ?? 0),
    branch_rank:
      monthPoints === null || user.branch_id === null ? null : Number(summary?.branch_ahead ?? 0) + 1,
    branch_ranked_sellers: Number(summary?.branch_ranked ?? 0),
    recent_transactions: recent.map(toEntry),
  };
}

/**
 * The caller's branch this calendar month (business time zone): its active sellers with points, best
 * first, standard competition ranking; the top `limit`, and the caller's own row apart when below them.
 */
export async function branchLeaderboard(
  db: Db,
  user: SessionUser,
  input: { now: Date; timeZone: string; limit: number },
): Promise<TAppLeaderboard> {
  const { from, to } = monthRange(input.now, input.timeZone);
  const sameBranch =
    user.branch_id === null ? sql`u.branch_id IS NULL` : sql`u.branch_id = ${user.branch_id}`;
  const rows = await queryRows<{
    user_id: number;
    name: string;
    avatar_url: string | null;
    period_points: number | string;
  }>(
    db,
    sql`WITH totals AS (
        SELECT t.user_id, sum(t.points) AS period_points FROM point_transactions t
        WHERE t.created_at >= ${from.toISOString()}::timestamptz AND t.created_at < ${to.toISOString()}::timestamptz
        GROUP BY t.user_id HAVING sum(t.points) > 0)
      SELECT u.id AS user_id, u.name, u.avatar_url, totals.period_points
      FROM totals JOIN users u ON u.id = totals.user_id AND u.role = 'seller' AND u.active AND ${sameBranch}
      ORDER BY totals.period_points DESC, u.name_key, u.id`,
  );
  const ranked = competitionRanks(rows.map((r) => ({ ...r, period_points: Number(r.period_points) }))).map(
    (r) => ({
      rank: r.rank,
      user_id: r.user_id,
      name: r.name,
      avatar_url: r.avatar_url,
      points: r.period_points,
      is_me: r.user_id === user.id,
    }),
  );
  const top = ranked.slice(0, input.limit);
  const mine = ranked.find((r) => r.is_me) ?? null;
  const [branch] =
    user.branch_id === null
      ? []
      : await queryRows<{ name: string }>(db, sql`SELECT name FROM branches WHERE id = ${user.branch_id}`);
  return {
    period: 'monthly' as const,
    period_start: from.toISOString(),
    period_end: to.toISOString(),
    branch_id: user.branch_id,
    branch_name: branch?.name ?? null,
    rows: top,
    me: mine && !top.some((r) => r.is_me) ? mine : null,
  };
}
