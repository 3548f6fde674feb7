import { date, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Participación (docs/product.md#participacion): the days a seller used the app, one row per seller and
 * business day (APP_TIMEZONE), written by the app's calls at most once per seller and day per process
 * (services/engagement/visits.ts). Not audited: only the sellers' app writes it.
 */
export const appVisits = pgTable(
  'app_visits',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day] }),
    // Active sellers per week: a range of days, read from the index alone.
    index('app_visits_day_user_idx').on(t.day, t.userId),
  ],
);

/*
 * The three tables below are kept by triggers (migration 0027, docs/decisions/2026-12-04-engagement-kept-weeks.md)
 * so that Participación reads a few thousand rows instead of the visits, views, likes and comments of the
 * period. Not audited, never written by the application itself.
 */

/**
 * The weeks (Monday, from the visit's business day) in which a seller opened the app, each with the seller's
 * previous such week ('-infinity': the first). A period's distinct active sellers are its rows whose
 * previous week is before the period: one row per seller, however many weeks they were active.
 */
export const appVisitWeeks = pgTable(
  'app_visit_weeks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    week: date('week', { mode: 'string' }).notNull(),
    prevWeek: date('prev_week', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.week] })],
);

/**
 * app_visit_weeks counted per week, previous week and branch of today's active sellers (branch_key, 0
 * without one): a period's distinct active sellers per branch are the sum of its weeks' rows whose
 * previous week is before the period, a few rows per week and branch.
 */
export const appVisitWeekCounts = pgTable(
  'app_visit_week_counts',
  {
    week: date('week', { mode: 'string' }).notNull(),
    prevWeek: date('prev_week', { mode: 'string' }).notNull(),
    branchKey: integer('branch_key').notNull(),
    sellers: integer('sellers').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.week, t.prevWeek, t.branchKey] })],
);

/** A seller's last visit (the inactive list), one row per seller who ever opened the app. */
export const appLastVisits = pgTable('app_last_visits', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  day: date('day', { mode: 'string' }).notNull(),
});

/**
 * Per week (Monday, business time zone) and branch of today's active sellers (branch_key, 0 without one):
 * the sellers active that week, the posts they saw, their likes and comments. Exact under a seller's move,
 * deactivation, reactivation, change of role and deletion, like post_view_counts.
 */
export const engagementWeekCounts = pgTable(
  'engagement_week_counts',
  {
    week: date('week', { mode: 'string' }).notNull(),
    branchKey: integer('branch_key').notNull(),
    active: integer('active').notNull().default(0),
    seen: integer('seen').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    comments: integer('comments').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.week, t.branchKey] })],
);
