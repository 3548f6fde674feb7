import type { TDashboardSummary } from '@panel/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { rowCount } from '../../db/row-counts.ts';

/**
 * Real counts (docs/product.md#the-two-readings-settled): active sellers, posts and events are the counts the triggers of row_counts
 * keep in every writing transaction, so a call reads three rows instead of counting the tables;
 * users: everyone the Vendedores list shows (the sellers counter's caption, "de 61 usuarios en total"). upcoming_events: events starting from the beginning of today
 * through the end of the 7th day after, with days of the business time zone (APP_TIMEZONE).
 */
export async function selectDashboardCounts(db: Db, now: Date, timeZone: string): Promise<TDashboardSummary> {
  const at = now.toISOString();
  const tz = timeZone;
  const [row] = await queryRows<Record<'sellers' | 'users' | 'posts' | 'events' | 'upcoming_events', number>>(
    db,
    sql`
          WITH today AS (
            SELECT date_trunc('day', ${at}::timestamptz AT TIME ZONE ${tz}) AS local_midnight
          )
          SELECT
            ${rowCount('active_sellers')} AS sellers,
            (SELECT count(*)::int FROM users) AS users,
            ${rowCount('posts')} AS posts,
            ${rowCount('events')} AS events,
            (SELECT count(*)::int FROM events, today
              WHERE start_at >= (today.local_midnight AT TIME ZONE ${tz})
                AND start_at < ((today.local_midnight + interval '8 days') AT TIME ZONE ${tz})
            ) AS upcoming_events`,
  );
  return {
    sellers: Number(row?.sellers ?? 0),
    users: Number(row?.users ?? 0),
    posts: Number(row?.posts ?? 0),
    events: Number(row?.events ?? 0),
    upcoming_events: Number(row?.upcoming_events ?? 0),
  };
}
