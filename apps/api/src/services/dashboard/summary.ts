import type { TDashboardSummary } from '@panel/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { rowCount } from '../../db/row-counts.ts';
import {
  inBranchScope,
  type PanelScope,
  peopleInScope,
  scopeBranch,
  WHOLE_COMPANY,
} from '../auth/branch-scope.ts';

/**
 * Real counts (docs/product.md#the-two-readings-settled): active sellers, posts and events are the counts the triggers of row_counts
 * keep in every writing transaction, so a call reads three rows instead of counting the tables;
 * users: everyone the Vendedores list shows (the sellers counter's caption, "de 61 usuarios en total"). upcoming_events: events starting from the beginning of today
 * through the end of the 7th day after, with days of the business time zone (APP_TIMEZONE).
 * A branch manager's (`scope`) are their branch's: its sellers, its posts and events (not the company-wide
 * ones, as their lists), counted (row_counts keeps the company's only).
 */
export async function selectDashboardCounts(
  db: Db,
  now: Date,
  timeZone: string,
  scope: PanelScope = WHOLE_COMPANY,
): Promise<TDashboardSummary> {
  const at = now.toISOString();
  const tz = timeZone;
  const kept = scopeBranch(scope) === null ? companyCounts() : branchCounts(scope);
  const [row] = await queryRows<Record<'sellers' | 'users' | 'posts' | 'events' | 'upcoming_events', number>>(
    db,
    sql`
          WITH today AS (
            SELECT date_trunc('day', ${at}::timestamptz AT TIME ZONE ${tz}) AS local_midnight
          )
          SELECT
            ${kept.sellers} AS sellers,
            ${kept.users} AS users,
            ${kept.posts} AS posts,
            ${kept.events} AS events,
            (SELECT count(*)::int FROM events, today
              WHERE start_at >= (today.local_midnight AT TIME ZONE ${tz})
                AND start_at < ((today.local_midnight + interval '8 days') AT TIME ZONE ${tz})
                AND ${inBranchScope(scope, sql`branch_id`)}
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

type Counters = Record<'sellers' | 'users' | 'posts' | 'events', SQL>;

const companyCounts = (): Counters => ({
  sellers: rowCount('active_sellers'),
  users: sql`(SELECT count(*)::int FROM users)`,
  posts: rowCount('posts'),
  events: rowCount('events'),
});

/** A manager's: what their Vendedores, Publicaciones and Eventos lists hold (an index range each). */
const branchCounts = (scope: PanelScope): Counters => ({
  sellers: sql`(SELECT count(*)::int FROM users u WHERE u.active AND ${peopleInScope(scope, sql`u`)})`,
  users: sql`(SELECT count(*)::int FROM users u WHERE ${peopleInScope(scope, sql`u`)})`,
  posts: sql`(SELECT count(*)::int FROM posts p WHERE ${inBranchScope(scope, sql`p.branch_id`)})`,
  events: sql`(SELECT count(*)::int FROM events e WHERE ${inBranchScope(scope, sql`e.branch_id`)})`,
});
