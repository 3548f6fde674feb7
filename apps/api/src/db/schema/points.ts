import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
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
    // Historial's search.
    index('point_transactions_description_trgm_idx').using(
      'gin',
      sql`f_unaccent(lower(${t.description})) gin_trgm_ops`,
    ),
  ],
);
