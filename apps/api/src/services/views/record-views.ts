import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { intArray } from '../../lib/int-array.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { visibleTo } from '../auth/visible-to.ts';
import { awardQuietly } from '../points/award.ts';
import { shownTo } from '../scheduling/published.ts';
import { storyIsActive } from '../stories/expiry.ts';

/**
 * The one way a view is written, for posts and stories alike (docs/decisions/2026-12-03-views.md):
 * one row per seller and item, the first view's time kept (ON CONFLICT DO NOTHING on the unique
 * key), and only what the caller may see (visibleTo; a story also while active). Anything else is
 * skipped without an error: a batch waits in the app's outbox, and a post deleted or a story
 * expired meanwhile must not make the whole batch fail. Ids are written in ascending order so two
 * batches of one seller running at once take their row locks in the same order.
 */
export async function recordViews(
  db: Db,
  input: { user: SessionUser; posts: readonly number[]; stories: readonly number[]; now: Date },
  log: FastifyBaseLogger,
): Promise<{ posts_recorded: number; stories_recorded: number; points_awarded: number }> {
  const { user, now } = input;
  return db.transaction(async (tx) => {
    const posts = await recordPostViews(tx, user, input.posts, now);
    const stories = await recordStoryViews(tx, { user, storyIds: input.stories, now }, log);
    return {
      posts_recorded: posts.length,
      stories_recorded: stories.recorded.length,
      points_awarded: stories.points,
    };
  });
}

/** Writes the views of the posts the caller sees; answers the ids newly recorded. */
async function recordPostViews(tx: Tx, user: SessionUser, ids: readonly number[], now: Date) {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ post_id: number }>(
    tx,
    sql`INSERT INTO post_views (post_id, user_id, viewed_at)
      SELECT p.id, ${user.id}::int, ${now.toISOString()}::timestamptz FROM posts p
      WHERE p.id = ANY(${intArray([...new Set(ids)])}::int[]) AND ${shownTo(user, 'p')}
      ORDER BY p.id
      ON CONFLICT DO NOTHING
      RETURNING post_id`,
  );
  return rows.map((r) => r.post_id);
}

/**
 * Writes the views of the active stories the caller sees; each new one earns `view_story` (the
 * story as the reference, so it is earned once). Answers the stories newly recorded and the points.
 */
export async function recordStoryViews(
  tx: Tx,
  input: { user: SessionUser; storyIds: readonly number[]; now: Date },
  log: FastifyBaseLogger,
): Promise<{ recorded: { story_id: number; viewed_at: Date }[]; points: number }> {
  const { user, storyIds, now } = input;
  if (storyIds.length === 0) return { recorded: [], points: 0 };
  const rows = await queryRows<{ story_id: number; viewed_at: Date | string }>(
    tx,
    sql`INSERT INTO story_views (story_id, user_id, viewed_at)
      SELECT s.id, ${user.id}::int, ${now.toISOString()}::timestamptz FROM stories s
      WHERE s.id = ANY(${intArray([...new Set(storyIds)])}::int[])
        AND ${storyIsActive('s', now)} AND ${visibleTo(user, sql`s.branch_id`)}
      ORDER BY s.id
      ON CONFLICT DO NOTHING
      RETURNING story_id, viewed_at`,
  );
  let points = 0;
  for (const row of rows) {
    const result = await awardQuietly(
      tx,
      { userId: user.id, actionKey: 'view_story', reference: { type: 'story', id: row.story_id }, now },
      log,
    );
    if (result?.awarded) points += result.points;
  }
  return { recorded: rows.map((r) => ({ story_id: r.story_id, viewed_at: new Date(r.viewed_at) })), points };
}
