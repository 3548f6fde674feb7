import type { TLeaderboardEntry, TLeaderboardPeriod } from '@panel/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { periodRange } from '../../lib/business-time.ts';

/**
 * Standard competition ranking ("1224"): equal points share a rank and the next rank skips.
 * The rows must come sorted by points, highest first.
 */
export function competitionRanks<T extends { period_points: number }>(rows: T[]): (T & { rank: number })[] {
  let rank = 0;
  return rows.map((row, i) => {
    if (i === 0 || row.period_points !== rows[i - 1]!.period_points) rank = i + 1;
    return { ...row, rank };
  });
}

export interface LeaderboardOptions {
  period: TLeaderboardPeriod;
  limit: number;
  branchId?: number;
  now: Date;
  timeZone: string;
}

/**
 * Active sellers with points (a positive sum) in the period, best first. The sums come from
 * an index range scan of (created_at, user_id, points) for months and weeks, an index-only
 * scan of (user_id, points) for all time; ties are ordered by name so pages are stable.
 */
export async function leaderboard(db: Db, options: LeaderboardOptions): Promise<TLeaderboardEntry[]> {
  const { from, to } = periodRange(options.period, options.now, options.timeZone);
  const conditions: SQL[] = [];
  if (from) conditions.push(sql`t.created_at >= ${from.toISOString()}::timestamptz`);
  if (to) conditions.push(sql`t.created_at < ${to.toISOString()}::timestamptz`);
  const where = conditions.length > 0 ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  const branch = options.branchId === undefined ? sql`` : sql`AND u.branch_id = ${options.branchId}`;

  const rows = await queryRows<{
    id: number;
    name: string;
    branch_id: number | null;
    branch_name: string | null;
    period_points: number | string;
  }>(
    db,
    sql`
      WITH totals AS (
        SELECT t.user_id, sum(t.points) AS period_points
        FROM point_transactions t
        ${where}
        GROUP BY t.user_id
        HAVING sum(t.points) > 0
      )
      SELECT u.id, u.name, u.branch_id, b.name AS branch_name, totals.period_points
      FROM totals
      JOIN users u ON u.id = totals.user_id AND u.role = 'seller' AND u.active ${branch}
      LEFT JOIN branches b ON b.id = u.branch_id
      ORDER BY totals.period_points DESC, u.name_key, u.id
      LIMIT ${options.limit}`,
  );
  return competitionRanks(rows.map((r) => ({ ...r, period_points: Number(r.period_points) })));
}
