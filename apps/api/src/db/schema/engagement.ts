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
    // A seller's last visit (the inactive list) reads the end of its own key range.
    primaryKey({ columns: [t.userId, t.day] }),
    // Active sellers per week: a range of days, read from the index alone.
    index('app_visits_day_user_idx').on(t.day, t.userId),
  ],
);
