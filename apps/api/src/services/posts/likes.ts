import { APP_MSG } from '@panel/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { postLikes } from '../../db/schema/posts.ts';
import { notFound } from '../../lib/http-errors.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { type AwardGateRow, awardGate, awardQuietly, gateRejection, logRefusal } from '../points/award.ts';
import { shownTo } from '../scheduling/published.ts';
import { assertPostVisible } from './app-posts.ts';

/** What a like or an unlike answers. */
export interface LikeState {
  liked: boolean;
  likes_count: number;
  /** Points this call earned (0 when a rule refused them or nothing was awarded). */
  points_awarded: number;
}

/** How many likes a post has. */
export async function likesCount(db: Db | Tx, postId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM post_likes WHERE post_id = ${postId}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * The caller likes a post (idempotent); 404 when it does not exist or is another branch's. A new like
 * awards like_post with the post as reference, so like/unlike loops earn nothing twice.
 */
export async function likePost(
  db: Db,
  input: { user: SessionUser; postId: number; now: Date },
  log: FastifyBaseLogger,
): Promise<LikeState> {
  const { user, postId, now } = input;
  const award = { userId: user.id, actionKey: 'like_post', reference: { type: 'post', id: postId }, now };
  // One statement (its own transaction): the access check, the like when its award is refused
  // (the engine's rules read without its lock: the daily limit reached, an administrator…),
  // and the other sellers' likes. Only a like that may earn points takes the engine's path.
  const [row] = await queryRows<
    AwardGateRow & { visible: boolean; liked: boolean; added: boolean; others: number }
  >(
    db,
    sql`WITH post AS (
        SELECT p.id FROM posts p WHERE p.id = ${postId} AND ${shownTo(user, 'p')}
      ), liked AS (
        SELECT 1 FROM post_likes WHERE post_id = ${postId} AND user_id = ${user.id}
      ), gate AS (${awardGate(award)}
      ), added AS (
        INSERT INTO post_likes (post_id, user_id, created_at)
        SELECT post.id, ${user.id}, ${now.toISOString()}::timestamptz FROM post, gate
        WHERE gate.refused AND NOT EXISTS (SELECT 1 FROM liked)
        ON CONFLICT DO NOTHING
        RETURNING id
      )
      SELECT gate.*, EXISTS (SELECT 1 FROM post) AS visible, EXISTS (SELECT 1 FROM liked) AS liked,
        EXISTS (SELECT 1 FROM added) AS added,
        (SELECT count(*)::int FROM post_likes WHERE post_id = ${postId} AND user_id <> ${user.id}) AS others
      FROM gate`,
  );
  if (!row?.visible) throw notFound(APP_MSG.postNotFound);
  if (row.liked || row.refused) {
    // Liked before, liked now without points, or liked at the same moment by a parallel call
    // (the unique key): either way the like is there now.
    const reason = row.added ? gateRejection(row, now) : null;
    if (reason) logRefusal(log, award, reason);
    return { liked: true, likes_count: Number(row.others) + 1, points_awarded: 0 };
  }
  return db.transaction(async (tx) => {
    await assertPostVisible(tx, user, postId);
    const inserted = await tx
      .insert(postLikes)
      .values({ postId, userId: user.id, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: postLikes.id });
    const result = inserted.length > 0 ? await awardQuietly(tx, award, log) : null;
    return {
      liked: true,
      likes_count: await likesCount(tx, postId),
      points_awarded: result?.awarded ? result.points : 0,
    };
  });
}

/** The caller's like goes (idempotent); points already awarded stay (the ledger is append-only). */
export async function unlikePost(db: Db, user: SessionUser, postId: number): Promise<LikeState> {
  // One statement: the access check, the delete and the other sellers' likes.
  const [row] = await queryRows<{ visible: boolean; others: number }>(
    db,
    sql`WITH post AS (
        SELECT p.id FROM posts p WHERE p.id = ${postId} AND ${shownTo(user, 'p')}
      ), removed AS (
        DELETE FROM post_likes WHERE post_id IN (SELECT id FROM post) AND user_id = ${user.id}
      )
      SELECT EXISTS (SELECT 1 FROM post) AS visible,
        (SELECT count(*)::int FROM post_likes WHERE post_id = ${postId} AND user_id <> ${user.id}) AS others`,
  );
  if (!row?.visible) throw notFound(APP_MSG.postNotFound);
  return { liked: false, likes_count: Number(row.others), points_awarded: 0 };
}
