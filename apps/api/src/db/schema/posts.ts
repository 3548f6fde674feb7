import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches } from './branches.ts';
import { createdAt, id, tstz, updatedAt } from './columns.ts';
import { users } from './users.ts';

export const posts = pgTable(
  'posts',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    /**
     * f_unaccent(lower(content)), stored: the search's trigram index covers it, and rechecking a
     * match reads it instead of unaccenting every candidate's content again (as users.name_key).
     */
    contentKey: text('content_key').generatedAlwaysAs(sql`f_unaccent(lower("content"))`),
    /** null = every branch. */
    branchId: integer('branch_id').references(() => branches.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * "Programada" (docs/decisions/2026-12-04-scheduled-publishing.md): when it is to be published;
     * null = published. Sellers see only published rows (services/scheduling/published.ts); the
     * scheduled job sets it to null and created_at to the publication time.
     */
    publishAt: tstz('publish_at'),
  },
  (t) => [
    check('posts_content_length_check', sql`char_length(${t.content}) <= 500`),
    // Keyset pagination of the feed and of the panel's list (newest first).
    index('posts_created_at_id_idx').on(t.createdAt, t.id),
    index('posts_branch_id_idx').on(t.branchId),
    index('posts_user_id_idx').on(t.userId),
    // A seller's activity: counts per period and the newest posts.
    index('posts_user_created_idx').on(t.userId, t.createdAt),
    // The panel's "Buscar por contenido..." (containsFolded, accent- and case-insensitive).
    index('posts_content_key_trgm_idx').using('gin', sql`${t.contentKey} gin_trgm_ops`),
  ],
);

export const postImages = pgTable(
  'post_images',
  {
    id: id(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    storageKey: text('storage_key').notNull(),
    thumbKey: text('thumb_key'),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('post_images_post_position_key').on(t.postId, t.position),
    // Keys are content-addressed: a file is deleted only when no row still points to it.
    index('post_images_storage_key_idx').on(t.storageKey),
  ],
);

export const postLikes = pgTable(
  'post_likes',
  {
    id: id(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('post_likes_post_user_key').on(t.postId, t.userId),
    index('post_likes_user_created_idx').on(t.userId, t.createdAt),
    // The dashboard's activity per day.
    index('post_likes_created_at_idx').on(t.createdAt),
  ],
);

export const postComments = pgTable(
  'post_comments',
  {
    id: id(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    /**
     * The client's Idempotency-Key (community app, offline queue): a replay of the same key by
     * the same user returns the first comment instead of writing a second one.
     */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    /** When its author last changed the text (community app); null = never edited. */
    editedAt: tstz('edited_at'),
  },
  (t) => [
    index('post_comments_post_created_idx').on(t.postId, t.createdAt),
    uniqueIndex('post_comments_user_idempotency_key')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
    index('post_comments_user_created_idx').on(t.userId, t.createdAt),
    // The dashboard's activity per day.
    index('post_comments_created_at_idx').on(t.createdAt),
  ],
);

/**
 * "Vista por N de M" (docs/decisions/2026-12-03-views.md): a seller has seen a post once half of it
 * stayed on screen for a second. One row per seller and post, the first view's time; a second view
 * changes nothing (ON CONFLICT DO NOTHING on the primary key).
 */
export const postViews = pgTable(
  'post_views',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewedAt: tstz('viewed_at').notNull().defaultNow(),
  },
  (t) => [
    // The reach counts walk (post_id, user_id) only; the "Vieron" list pages newest first.
    primaryKey({ columns: [t.postId, t.userId] }),
    index('post_views_post_viewed_idx').on(t.postId, t.viewedAt),
    // Deleting a seller (cascade) and a seller's own views.
    index('post_views_user_idx').on(t.userId),
    // Participación: the posts seen per week, a range of viewed_at with the viewer (index only).
    index('post_views_viewed_user_idx').on(t.viewedAt, t.userId),
  ],
);

/**
 * N of "Vista por N de M" per post and per branch of its viewers (0: sellers without a branch), kept by
 * triggers (migration 0023) so the panel reads a few rows instead of counting thousands of views: the
 * views of active sellers in the post's audience. A view adds to it; a seller who stops counting
 * (deactivated, another branch, no longer a seller, deleted) takes their views off, and one who
 * starts counting again puts them back.
 */
export const postViewCounts = pgTable(
  'post_view_counts',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    branchKey: integer('branch_key').notNull(),
    seen: integer('seen').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.postId, t.branchKey] })],
);
