import {
  ACTIVITY_DAYS,
  DASHBOARD_ACTIONS,
  DASHBOARD_TOP,
  type TLeaderboardPeriod,
  type TPointsSummary,
} from '@panel/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { lastDays } from '../../lib/business-time.ts';
import {
  inBranchScope,
  ownerInScope,
  type PanelScope,
  scopeBranch,
  WHOLE_COMPANY,
} from '../auth/branch-scope.ts';
import { leaderboard } from './leaderboard.ts';
import { totalsPeriod } from './totals.ts';

/** Points per business day over the window, zero-filled, oldest first (of the sellers in `scope`). */
export async function pointsPerDay(db: Db, now: Date, timeZone: string, scope: PanelScope = WHOLE_COMPANY) {
  const { days, from } = lastDays(ACTIVITY_DAYS, now, timeZone);
  const rows = await queryRows<{ day: string; points: number | string }>(
    db,
    sql`
      SELECT to_char(created_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD') AS day, sum(points) AS points
      FROM point_transactions
      WHERE created_at >= ${from.toISOString()}::timestamptz AND created_at <= ${now.toISOString()}::timestamptz
        AND ${ownerInScope(scope, sql`user_id`)}
      GROUP BY 1`,
  );
  const byDay = new Map(rows.map((r) => [r.day, Number(r.points)]));
  return { days: days.map((date) => ({ date, points: byDay.get(date) ?? 0 })), from };
}

/**
 * The gamification dashboard (docs/product.md#points-dashboard), plus the 30-day charts. A branch
 * manager's (`scope`) counts, ranks and charts their branch's sellers; the actions are the company's.
 */
export async function pointsSummary(
  db: Db,
  options: { period: TLeaderboardPeriod; now: Date; timeZone: string; scope?: PanelScope },
): Promise<TPointsSummary> {
  const { period, now, timeZone, scope = WHOLE_COMPANY } = options;
  const totals = totalsPeriod(period, now, timeZone);

  const [[counts], actions, [topUsers], top, perDay] = await Promise.all([
    queryRows<{ active_actions: number | string; average_points: number | string | null }>(
      db,
      sql`SELECT count(*) AS active_actions, round(avg(points), 1) AS average_points FROM point_actions WHERE active`,
    ),
    queryRows<{ id: number; key: string; name: string; points: number }>(
      db,
      sql`SELECT id, key, name, points FROM point_actions WHERE active ORDER BY points DESC, name, id LIMIT ${DASHBOARD_ACTIONS}`,
    ),
    queryRows<{ n: number | string }>(
      db,
      sql`
        SELECT count(*) AS n FROM point_totals t
        WHERE t.period = ${totals.period} AND t.period_start = ${totals.start} AND t.ranked AND t.points > 0
          AND ${inBranchScope(scope, sql`t.branch_id`)}`,
    ),
    leaderboard(db, {
      period,
      limit: DASHBOARD_TOP,
      branchId: scopeBranch(scope) ?? undefined,
      now,
      timeZone,
    }),
    pointsPerDay(db, now, timeZone, scope),
  ]);

  const perAction = await queryRows<{ key: string; name: string; points: number | string }>(
    db,
    sql`
      SELECT a.key, a.name, sum(t.points) AS points
      FROM point_transactions t JOIN point_actions a ON a.id = t.point_action_id
      WHERE t.created_at >= ${perDay.from.toISOString()}::timestamptz AND ${ownerInScope(scope, sql`t.user_id`)}
      GROUP BY a.id, a.key, a.name
      ORDER BY points DESC, a.name`,
  );

  const leader = top[0];
  return {
    period,
    active_actions: Number(counts?.active_actions ?? 0),
    average_points: Number(counts?.average_points ?? 0),
    top_users_count: Number(topUsers?.n ?? 0),
    leader: leader ? { id: leader.id, name: leader.name, points: leader.period_points } : null,
    top,
    actions: actions.map((a) => ({ ...a, points: Number(a.points) })),
    points_per_day: perDay.days,
    points_per_action: perAction.map((a) => ({ key: a.key, name: a.name, points: Number(a.points) })),
  };
}
