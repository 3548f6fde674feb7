import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches } from './branches.ts';
import { createdAt, id, tstz, version } from './columns.ts';
import { users } from './users.ts';

export const notificationTypes = pgTable(
  'notification_types',
  {
    id: id(),
    name: text('name').notNull(),
    color: text('color').notNull().default('#FF0000'),
    /** A file name of the panel's icon set (1.png … 32.png). */
    icon: text('icon').notNull().default('1.png'),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [
    index('notification_types_name_sort_idx').on(sql`f_unaccent(lower(${t.name}))`, t.id),
    index('notification_types_name_trgm_idx').using('gin', sql`f_unaccent(lower(${t.name})) gin_trgm_ops`),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    // A type still in use cannot be deleted.
    notificationTypeId: integer('notification_type_id')
      .notNull()
      .references(() => notificationTypes.id, { onDelete: 'restrict' }),
    /** null = every branch. */
    branchId: integer('branch_id').references(() => branches.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** "Urgente": its pushes ignore the sellers' quiet hours (issue 23.6). */
    urgent: boolean('urgent').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /**
     * "Programada" (docs/decisions/2026-12-04-scheduled-publishing.md): when it is to be published;
     * null = published. Sellers see only published rows (services/scheduling/published.ts); the
     * scheduled job sets it to null and created_at to the publication time.
     */
    publishAt: tstz('publish_at'),
    version: version(),
  },
  (t) => [
    index('notifications_created_at_idx').on(t.createdAt),
    index('notifications_branch_id_idx').on(t.branchId),
    index('notifications_type_id_idx').on(t.notificationTypeId),
    // The list's default order (newest first, ties by id).
    index('notifications_created_at_id_idx').on(t.createdAt, t.id),
    index('notifications_title_trgm_idx').using('gin', sql`f_unaccent(lower(${t.title})) gin_trgm_ops`),
    index('notifications_message_trgm_idx').using('gin', sql`f_unaccent(lower(${t.message})) gin_trgm_ops`),
  ],
);

export const notificationReads = pgTable(
  'notification_reads',
  {
    id: id(),
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: tstz('read_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notification_reads_notification_user_key').on(t.notificationId, t.userId),
    // The panel's "Leída por" list of one notification, newest first, a page at a time.
    index('notification_reads_notification_read_at_idx').on(t.notificationId, t.readAt, t.id),
  ],
);
