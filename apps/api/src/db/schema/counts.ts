import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Row counts kept by triggers in the writing transaction (migration 0010), so that the dashboard
 * and the posts list read a total instead of counting a table of 100 000 rows on every call:
 * `posts`, `events` (every row) and `active_sellers` (users with role seller and active).
 * A missing row means zero (TRUNCATE deletes it).
 */
export const rowCounts = pgTable('row_counts', {
  name: text('name').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull(),
});
