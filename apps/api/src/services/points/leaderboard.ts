import type { TLeaderboardEntry, TLeaderboardPeriod } from '@panel/shared';
import { sql } from 'drizzle-orm';
import { type Db, reusedRawQuery } from '../../db/client.ts';
import { totalsPeriodSql } from './totals.ts';

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
 * Active sellers with points (a positive total) in the period, best first, read from the running
 * totals (point_totals, one row per user and period) instead of summing the ledger; ties are
 * ordered by name so pages are stable. Each total carries the copies the ranking needs (the
 * seller's name_key and branch, and `ranked`: role seller and active), kept by triggers in the
 * writing transaction (migration 0014), so the order is that of point_totals_rank_idx (or
 * point_totals_branch_rank_idx for one branch): the top N comes off the index in order and only
 * those N rows are joined to users. Before, the index gave points only and the ties were joined
 * and sorted by name: on the generated tenant 1 668 sellers share the top all-time total, all of
 * them read for a page of 20 (5 084 buffers).
 */
export async function leaderboard(db: Db, options: LeaderboardOptions): Promise<TLeaderboardEntry[]> {
  const oneBranch = options.branchId !== undefined;
  // One statement per period and filter, compiled once (reusedRawQuery): composing drizzle's template
  // on every call was most of the app's own CPU for this call.
  const rows = await reusedRawQuery<LeaderboardRow>(
    db,
    `leaderboard_${options.period}${oneBranch ? '_branch' : ''}`,
    () => leaderboardQuery(options.period, oneBranch),
    { unnamed: true },
  ).execute({
    at: options.now.toISOString(),
    tz: options.timeZone,
    branch_id: options.branchId ?? null,
    limit: options.limit,
  });
  return competitionRanks(rows.map((r) => ({ ...r, period_points: Number(r.period_points) })));
}

interface LeaderboardRow {
  id: number;
  name: string;
  branch_id: number | null;
  branch_name: string | null;
  period_points: number | string;
}

/** The leaderboard's statement for a period, with or without a branch (values: at, tz, branch_id, limit). */
function leaderboardQuery(period: TLeaderboardPeriod, oneBranch: boolean) {
  const at = sql.placeholder('at');
  const tz = sql.placeholder('tz');
  const { period: key, start } = totalsPeriodSql(period, at, tz);
  const branch = oneBranch ? sql`AND t.branch_id = ${sql.placeholder('branch_id')}::int` : sql``;
  return sql`
      SELECT u.id, u.name, u.branch_id, b.name AS branch_name, t.points AS period_points
      FROM point_totals t
      JOIN users u ON u.id = t.user_id
      LEFT JOIN branches b ON b.id = u.branch_id
      WHERE t.period = ${key} AND t.period_start = ${start} AND t.ranked AND t.points > 0 ${branch}
      ORDER BY t.points DESC NULLS LAST, t.name_key, t.user_id
      LIMIT ${sql.placeholder('limit')}::int`;
}
