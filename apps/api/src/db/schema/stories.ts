import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches } from './branches.ts';
import { createdAt, id, tstz } from './columns.ts';
import { users } from './users.ts';

/** A story expires at `ends_at`, or 24 h after its start (`starts_at`, else its creation): services/stories/expiry.ts. */
export const stories = pgTable(
  'stories',
  {
    id: id(),
    title: text('title').notNull(),
    imageKey: text('image_key').notNull(),
    thumbKey: text('thumb_key'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** null = every branch. */
    branchId: integer('branch_id').references(() => branches.id, { onDelete: 'restrict' }),
    active: boolean('active').notNull().default(true),
    startsAt: tstz('starts_at'),
    endsAt: tstz('ends_at'),
    /**
     * "Programada" (docs/decisions/2026-12-05-stories-and-surveys-scheduled.md): when it is to be
     * published; null = published. Sellers see published stories only (storyIsActive); the scheduled
     * job sets it to null and created_at to the publication time, so its 24 h count from then.
     */
    publishAt: tstz('publish_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('stories_created_at_idx').on(t.createdAt),
    index('stories_branch_id_idx').on(t.branchId),
    // Keys are content-addressed: a file is deleted only when no row still points to it.
    index('stories_image_key_idx').on(t.imageKey),
  ],
);

export const storyViews = pgTable(
  'story_views',
  {
    id: id(),
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewedAt: tstz('viewed_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('story_views_story_user_key').on(t.storyId, t.userId),
    index('story_views_story_viewed_idx').on(t.storyId, t.viewedAt),
    // The dashboard's activity per day.
    index('story_views_viewed_at_idx').on(t.viewedAt),
  ],
);
