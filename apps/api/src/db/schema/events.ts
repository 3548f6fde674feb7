import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { branches } from './branches.ts';
import { createdAt, id, tstz, updatedAt, version } from './columns.ts';

export const eventTypes = pgTable(
  'event_types',
  {
    id: id(),
    name: text('name').notNull(),
    color: text('color').notNull().default('#FF0000'),
    /**
     * Reminders of this type's events (docs/decisions/2026-12-04-reminders.md): minutes before the
     * start, each a push to the event's sellers; empty = none.
     */
    reminderMinutes: integer('reminder_minutes').array().notNull().default(sql`'{}'::integer[]`),
    /** "Urgente": its reminders ignore the sellers' "No molestar", as an urgent notification does. */
    urgent: boolean('urgent').notNull().default(false),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [
    check(
      'event_types_reminder_minutes_check',
      sql`${t.reminderMinutes} <@ '{15,60,180,1440,10080}'::integer[]`,
    ),
    index('event_types_name_sort_idx').on(sql`f_unaccent(lower(${t.name}))`, t.id),
    index('event_types_name_trgm_idx').using('gin', sql`f_unaccent(lower(${t.name})) gin_trgm_ops`),
  ],
);

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
    version: version(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('events_end_after_start_check', sql`${t.endAt} > ${t.startAt}`),
    index('events_start_at_idx').on(t.startAt),
    index('events_branch_id_idx').on(t.branchId),
    index('events_event_type_id_idx').on(t.eventTypeId),
    // The list's default order (by start, ties by id).
    index('events_start_at_id_idx').on(t.startAt, t.id),
    // The calendar asks for the events overlapping its visible weeks: tstzrange(...) && tstzrange(from, to).
    index('events_period_idx').using('gist', sql`tstzrange(${t.startAt}, ${t.endAt})`),
    index('events_title_trgm_idx').using('gin', sql`f_unaccent(lower(${t.title})) gin_trgm_ops`),
    index('events_description_trgm_idx').using('gin', sql`f_unaccent(lower(${t.description})) gin_trgm_ops`),
  ],
);
