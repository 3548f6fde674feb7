import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { branches } from './branches.ts';
import { createdAt, id, tstz, updatedAt } from './columns.ts';

export const eventTypes = pgTable('event_types', {
  id: id(),
  name: text('name').notNull(),
  color: text('color').notNull().default('#FF0000'),
  createdAt: createdAt(),
});

export const events = pgTable(
  'events',
  {
    id: id(),
    // A type still in use cannot be deleted.
    eventTypeId: integer('event_type_id')
      .notNull()
      .references(() => eventTypes.id, { onDelete: 'restrict' }),
    /** null = every branch. */
    branchId: integer('branch_id').references(() => branches.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    description: text('description'),
    startAt: tstz('start_at').notNull(),
    endAt: tstz('end_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('events_end_after_start_check', sql`${t.endAt} > ${t.startAt}`),
    index('events_start_at_idx').on(t.startAt),
    index('events_branch_id_idx').on(t.branchId),
  ],
);
