import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

/**
 * The ledger's running totals (point_totals) are kept by a trigger in the inserting transaction
 * (migration 0006) in the zone stored in point_totals_settings. When the server starts with another
 * APP_TIMEZONE, months and weeks start at other instants, so the totals are rebuilt from the ledger
 * once, with inserts into the ledger blocked meanwhile. Participación's weekly counts are kept in the
 * same zone (migration 0027) and rebuilt in the same transaction (`engagement_rebuild`, which locks
 * their writers out). Returns whether it rebuilt.
 */
export async function syncPointTotalsZone(db: Db, timeZone: string): Promise<boolean> {
  const [current] = await queryRows<{ time_zone: string }>(
    db,
    sql`SELECT time_zone FROM point_totals_settings WHERE id = 1`,
  );
  if (current?.time_zone === timeZone) return false;
  await db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE point_transactions IN SHARE ROW EXCLUSIVE MODE`);
    await tx.execute(sql`
      INSERT INTO point_totals_settings (id, time_zone) VALUES (1, ${timeZone})
      ON CONFLICT (id) DO UPDATE SET time_zone = EXCLUDED.time_zone`);
    await tx.execute(sql`DELETE FROM point_totals`);
    await tx.execute(sql`
      INSERT INTO point_totals (period, period_start, user_id, points, entries, name_key, branch_id, ranked)
      SELECT p.period, p.period_start, u.id, sum(a.points), count(*),
        coalesce(u.name_key, ''), u.branch_id, u.role = 'seller' AND u.active
      FROM point_transactions a
      JOIN users u ON u.id = a.user_id
      CROSS JOIN LATERAL (VALUES
        ('all', DATE '1970-01-01'),
        ('month', date_trunc('month', a.created_at AT TIME ZONE ${timeZone})::date),
        ('week', date_trunc('week', a.created_at AT TIME ZONE ${timeZone})::date)
      ) AS p(period, period_start)
      GROUP BY p.period, p.period_start, u.id`);
    await tx.execute(sql`SELECT engagement_rebuild(${timeZone}::text)`);
  });
  return true;
}

/** The point_totals key of a leaderboard period at `now` (its first local day; all time is one row per user). */
export function totalsPeriod(period: 'all_time' | 'monthly' | 'weekly', now: Date, timeZone: string) {
  return totalsPeriodSql(period, now.toISOString(), timeZone);
}

/** totalsPeriod with the moment and the time zone as values or `sql.placeholder`s (a reused statement). */
export function totalsPeriodSql(
  period: 'all_time' | 'monthly' | 'weekly',
  at: string | Placeholder,
  timeZone: string | Placeholder,
) {
  if (period === 'all_time') return { period: 'all', start: sql`DATE '1970-01-01'` };
  const unit = period === 'monthly' ? 'month' : 'week';
  return {
    period: unit,
    start: sql`date_trunc(${unit}, ${at}::timestamptz AT TIME ZONE ${timeZone}::text)::date`,
  };
}

/**
 * How many ledger rows there are, for everybody or one user, from the running totals (one row per
 * user) instead of counting a ledger of millions of rows on every Historial page. The whole key
 * (period_start too) makes one user's count a single look-up in the key's index. `owners`: a condition
 * on point_totals.user_id (a branch manager's sellers).
 */
export function ledgerEntries(userId?: number, owners?: SQL) {
  return sql`SELECT coalesce(sum(entries), 0) AS n FROM point_totals
    WHERE period = 'all' AND period_start = DATE '1970-01-01' ${userId === undefined ? sql`` : sql`AND user_id = ${userId}`}
    ${owners ? sql`AND ${owners}` : sql``}`;
}
