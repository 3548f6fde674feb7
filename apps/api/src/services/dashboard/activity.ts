import { ACTIVITY_DAYS, DASHBOARD_TOP, type TDashboardActivity } from '@panel/shared';
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
import { leaderboard } from '../points/leaderboard.ts';

type Metric = 'posts' | 'likes' | 'comments' | 'story_views' | 'points';

/**
 * Community activity per business day (APP_TIMEZONE) over the last 30 days, the next five
 * events and this month's top five sellers. Each count is a range scan of a created_at index.
 * A branch manager's (`scope`): their branch's posts and events (as their lists), and the likes,
 * comments, story views and points of their branch's sellers.
 */
export async function dashboardActivity(
  db: Db,
  now: Date,
  timeZone: string,
  scope: PanelScope = WHOLE_COMPANY,
): Promise<TDashboardActivity> {
  const { days, from } = lastDays(ACTIVITY_DAYS, now, timeZone);
  const theirs = ownerInScope(scope, sql`user_id`);
  const since = from.toISOString();
  const until = now.toISOString();
  const localDay = (column: string) =>
    sql`to_char(${sql.raw(column)} AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')`;

  const [perDay, events, top] = await Promise.all([
    queryRows<{ metric: Metric; day: string; n: number | string }>(
      db,
      sql`
        SELECT 'posts' AS metric, ${localDay('created_at')} AS day, count(*) AS n
          FROM posts WHERE created_at >= ${since}::timestamptz AND created_at <= ${until}::timestamptz
           AND ${inBranchScope(scope, sql`branch_id`)} GROUP BY 2
        UNION ALL
        SELECT 'likes', ${localDay('created_at')}, count(*)
          FROM post_likes WHERE created_at >= ${since}::timestamptz AND created_at <= ${until}::timestamptz
           AND ${theirs} GROUP BY 2
        UNION ALL
        SELECT 'comments', ${localDay('created_at')}, count(*)
          FROM post_comments WHERE created_at >= ${since}::timestamptz AND created_at <= ${until}::timestamptz
           AND ${theirs} GROUP BY 2
        UNION ALL
        SELECT 'story_views', ${localDay('viewed_at')}, count(*)
          FROM story_views WHERE viewed_at >= ${since}::timestamptz AND viewed_at <= ${until}::timestamptz
           AND ${theirs} GROUP BY 2
        UNION ALL
        SELECT 'points', ${localDay('created_at')}, sum(points)
          FROM point_transactions WHERE created_at >= ${since}::timestamptz AND created_at <= ${until}::timestamptz
           AND ${theirs} GROUP BY 2`,
    ),
    queryRows<{
      id: number;
      title: string;
      start_at: Date | string;
      end_at: Date | string;
      branch_name: string | null;
      event_type_name: string;
      color: string;
    }>(
      db,
      sql`
        SELECT e.id, e.title, e.start_at, e.end_at, b.name AS branch_name, et.name AS event_type_name, et.color
        FROM events e
        JOIN event_types et ON et.id = e.event_type_id
        LEFT JOIN branches b ON b.id = e.branch_id
        WHERE e.start_at >= ${until}::timestamptz AND ${inBranchScope(scope, sql`e.branch_id`)}
        ORDER BY e.start_at, e.id
        LIMIT 5`,
    ),
    leaderboard(db, {
      period: 'monthly',
      limit: DASHBOARD_TOP,
      branchId: scopeBranch(scope) ?? undefined,
      now,
      timeZone,
    }),
  ]);

  const rows = new Map(
    days.map((date) => [date, { date, posts: 0, likes: 0, comments: 0, story_views: 0, points: 0 }]),
  );
  for (const r of perDay) {
    const row = rows.get(r.day);
    if (row) row[r.metric] = Number(r.n);
  }
  return {
    days: [...rows.values()],
    upcoming_events: events.map((e) => ({
      ...e,
      start_at: new Date(e.start_at).toISOString(),
      end_at: new Date(e.end_at).toISOString(),
    })),
    top_sellers: top,
  };
}
