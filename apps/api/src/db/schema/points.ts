import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt, version } from './columns.ts';
import { users } from './users.ts';

export const pointActions = pgTable(
  'point_actions',
  {
    id: id(),
    /** snake_case, unique, fixed after creation. */
    key: text('key').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    points: integer('points').notNull().default(10),
    active: boolean('active').notNull().default(true),
    dailyLimit: integer('daily_limit'),
    cooldownSeconds: integer('cooldown_seconds'),
    createdAt: createdAt(),
    version: version(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('point_actions_key_key').on(t.key),
    check('point_actions_key_format_check', sql`${t.key} ~ '^[a-z0-9]+(_[a-z0-9]+)*$'`),
    check('point_actions_points_check', sql`${t.points} >= 0`),
    check('point_actions_daily_limit_check', sql`${t.dailyLimit} >= 1`),
    check('point_actions_cooldown_check', sql`${t.cooldownSeconds} >= 1`),
  ],
);

/**
 * Append-only ledger (a trigger refuses UPDATE and DELETE). The unique key makes awards
 * idempotent: one award per (user, action, reference).
 */
export const pointTransactions = pgTable(
  'point_transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    // Users are deactivated, never deleted; actions still referenced cannot be deleted.
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    pointActionId: integer('point_action_id').references(() => pointActions.id, { onDelete: 'restrict' }),
    points: integer('points').notNull(),
    description: text('description'),
    referenceType: text('reference_type'),
    referenceId: text('reference_id'),
    createdAt: createdAt(),
    /**
     * What Historial's `q` matches the row by, besides its seller: its action and its description
     * folded as the search folds text, hashed to 64 bits. The point_search_keys row of that value
     * holds the pair (kept by a trigger, migration 0013).
     */
    searchKey: bigint('search_key', { mode: 'bigint' }).generatedAlwaysAs(
      sql`hashtextextended(coalesce("point_action_id", 0)::text || ':' || coalesce(f_unaccent(lower("description")), ''), 0)`,
    ),
  },
  (t) => [
    uniqueIndex('point_transactions_award_key').on(t.userId, t.pointActionId, t.referenceType, t.referenceId),
    index('point_transactions_user_created_idx').on(t.userId, t.createdAt),
    index('point_transactions_created_id_idx').on(t.createdAt, t.id),
    // The engine's daily-limit count and cooldown look-up: one user's awards of one action by time.
    index('point_transactions_user_action_created_idx').on(t.userId, t.pointActionId, t.createdAt),
    // "Has this action awarded anything?" (delete refused) and the ledger filtered by action.
    index('point_transactions_action_created_idx').on(t.pointActionId, t.createdAt),
    // Leaderboards of a month or a week: an index-only range scan sums points per user.
    index('point_transactions_created_user_points_idx').on(t.createdAt, t.userId, t.points),
    // Historial's search: an index-only count, and newest first within one search key.
    index('point_transactions_search_key_created_idx').on(t.searchKey, t.createdAt, t.id),
  ],
);

/**
 * The distinct (action, folded description) pairs of the ledger, by their search_key. The ledger
 * repeats few of them (the description is the action's name unless a survey or an adjustment says
 * otherwise), so Historial's `q` matches them here, by trigram, and then reads the ledger by
 * search_key alone (docs/decisions/2026-11-24-ledger-search-keys.md). Rows are added by statement
 * triggers on the ledger in the writing transaction (migration 0013), never by the app, and never
 * removed.
 */
export const pointSearchKeys = pgTable(
  'point_search_keys',
  {
    /** point_transactions.search_key of the pair. */
    id: bigint('id', { mode: 'bigint' }).primaryKey(),
    /** Not a foreign key: a key only names the action its rows had. */
    pointActionId: integer('point_action_id'),
    /** f_unaccent(lower(description)), '' when the rows have none. */
    key: text('key').notNull(),
  },
  (t) => [index('point_search_keys_key_trgm_idx').using('gin', sql`${t.key} gin_trgm_ops`)],
);

/**
 * Running totals of the ledger per user and period, for the leaderboards (docs/decisions/
 * 2026-11-24-running-totals-and-session-cache.md): `all` (period_start 1970-01-01), and each
 * `month` and ISO `week` (Monday) of the business time zone, by their first local day.
 * A statement-level trigger on point_transactions adds every inserted row in the same
 * transaction (migration 0006), so no writer can forget it; never written by the app.
 */
export const pointTotals = pgTable(
  'point_totals',
  {
    period: text('period', { enum: ['all', 'month', 'week'] }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    points: bigint('points', { mode: 'number' }).notNull(),
    /** How many ledger rows the total sums: Historial's unfiltered count without reading the ledger. */
    entries: bigint('entries', { mode: 'number' }).notNull().default(0),
    /**
     * Copies of the user's columns the leaderboard filters and orders by (users.name_key, branch_id,
     * and role = 'seller' AND active), kept by triggers in the writing transaction (migration 0014):
     * the ranking order is then an index order, and the top N is read off the index without
     * joining and sorting a whole group of tied totals.
     */
    nameKey: text('name_key').notNull().default(''),
    branchId: integer('branch_id'),
    ranked: boolean('ranked').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.period, t.periodStart, t.userId] }),
    check('point_totals_period_check', sql`${t.period} in ('all', 'month', 'week')`),
    // The leaderboard's order (points, then name, then id) over the rows it can show: active
    // sellers with a positive total. Company-wide and per branch.
    index('point_totals_rank_idx')
      .on(t.period, t.periodStart, t.points.desc(), t.nameKey, t.userId)
      .where(sql`${t.ranked} AND ${t.points} > 0`),
    index('point_totals_branch_rank_idx')
      .on(t.branchId, t.period, t.periodStart, t.points.desc(), t.nameKey, t.userId)
      .where(sql`${t.ranked} AND ${t.points} > 0`),
    // A user's rows, for the triggers that copy a rename, a move or a deactivation.
    index('point_totals_user_id_idx').on(t.userId),
  ],
);

/** The business time zone the totals were computed in; the server rebuilds them when APP_TIMEZONE changes. */
export const pointTotalsSettings = pgTable(
  'point_totals_settings',
  {
    id: integer('id').primaryKey(),
    timeZone: text('time_zone').notNull(),
  },
  (t) => [check('point_totals_settings_one_row_check', sql`${t.id} = 1`)],
);
