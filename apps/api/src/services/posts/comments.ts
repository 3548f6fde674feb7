import { APP_MSG, type TAppCommentItem, type TListMeta } from '@panel/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { postComments } from '../../db/schema/posts.ts';
import { conflict, HttpError, notFound } from '../../lib/http-errors.ts';
import { iso } from '../../lib/iso.ts';
import { fetchPage } from '../../lib/list-query.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { awardQuietly } from '../points/award.ts';
import { pointsFor } from '../points/points-for.ts';
import { shownTo } from '../scheduling/published.ts';
import { assertPostVisible } from './app-posts.ts';

/** A post's comments, oldest first, one page; 404 when the caller may not see the post. */
export async function listComments(
  db: Db,
  user: SessionUser,
  postId: number,
  query: { page: number; per_page: number },
): Promise<{ data: TAppCommentItem[]; meta: TListMeta }> {
  await assertPostVisible(db, user, postId);
  const { rows, meta } = await fetchPage(
    query,
    ({ limit, offset }) =>
      queryRows<{
        id: number;
        content: string;
        user_id: number;
        user_name: string;
        user_avatar: string | null;
        created_at: Date | string;
        edited_at: Date | string | null;
      }>(
        db,
        sql`SELECT c.id, c.content, c.user_id, u.name AS user_name, u.avatar_url AS user_avatar, c.created_at,
            c.edited_at
          FROM post_comments c JOIN users u ON u.id = c.user_id
          WHERE c.post_id = ${postId}
          ORDER BY c.created_at ASC, c.id ASC LIMIT ${limit} OFFSET ${offset}`,
      ),
    queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM post_comments WHERE post_id = ${postId}`),
  );
  return {
    data: rows.map((c) => ({
      id: c.id,
      post_id: postId,
      content: c.content,
      user_id: c.user_id,
      user_name: c.user_name,
      user_avatar: c.user_avatar,
      mine: c.user_id === user.id,
      created_at: iso(c.created_at),
      edited_at: c.edited_at === null ? null : iso(c.edited_at),
    })),
    meta,
  };
}

/** What creating a comment answers. */
export interface CreatedComment {
  id: number;
  post_id: number;
  content: string;
  user_name: string;
  created_at: string;
  points_awarded: number;
}

/**
 * The caller comments a post and earns comment_post, in one transaction. With an idempotency key
 * used before by the caller, nothing is written: the first comment is answered (`replayed`), or 409
 * when the key named another post or text. 404 when the caller may not see the post.
 */
export async function createComment(
  db: Db,
  input: { user: SessionUser; postId: number; content: string; key: string | null; now: Date },
  log: FastifyBaseLogger,
): Promise<{ data: CreatedComment; replayed: boolean }> {
  const { user, postId, content, key, now } = input;
  return db.transaction(async (tx) => {
    await assertPostVisible(tx, user, postId);
    const [comment] = await tx
      .insert(postComments)
      .values({ postId, userId: user.id, content, idempotencyKey: key, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (!comment) {
      // The key was used before by this user: answer the first comment.
      const [first] = await tx
        .select()
        .from(postComments)
        .where(and(eq(postComments.userId, user.id), eq(postComments.idempotencyKey, key!)));
      if (!first) throw conflict(APP_MSG.idempotencyKeyReused);
      // An edited comment's text has changed since: a late replay of its key still names it.
      if (first.postId !== postId || (first.content !== content && !first.editedAt)) {
        throw conflict(APP_MSG.idempotencyKeyReused);
      }
      return {
        replayed: true,
        data: {
          id: first.id,
          post_id: postId,
          content: first.content,
          user_name: user.name,
          created_at: first.createdAt.toISOString(),
          points_awarded: await pointsFor(tx, {
            userId: user.id,
            actionKey: 'comment_post',
            reference: { type: 'comment', id: first.id },
          }),
        },
      };
    }
    const result = await awardQuietly(
      tx,
      { userId: user.id, actionKey: 'comment_post', reference: { type: 'comment', id: comment.id }, now },
      log,
    );
    return {
      replayed: false,
      data: {
        id: comment.id,
        post_id: postId,
        content: comment.content,
        user_name: user.name,
        created_at: comment.createdAt.toISOString(),
        points_awarded: result?.awarded ? result.points : 0,
      },
    };
  });
}

/**
 * The comment, locked for the change, when the caller may change it: 404 when it does not exist or
 * sits on a post the caller cannot see (another branch's comment does not exist for them, as its post);
 * 403 when it is visible but someone else's.
 */
async function ownComment(tx: Tx, user: SessionUser, id: number) {
  const [row] = await queryRows<{ id: number; post_id: number; user_id: number }>(
    tx,
    sql`SELECT c.id, c.post_id, c.user_id FROM post_comments c JOIN posts p ON p.id = c.post_id
      WHERE c.id = ${id} AND ${shownTo(user, 'p')}
      FOR UPDATE OF c`,
  );
  if (!row) throw notFound(APP_MSG.commentNotFound);
  if (row.user_id !== user.id) throw new HttpError(403, APP_MSG.commentNotYours);
  return row;
}

/** The caller's own comment gets a new text and `edited_at` (403 someone else's, 404 not visible). */
export async function editComment(
  db: Db,
  input: { user: SessionUser; id: number; content: string; now: Date },
): Promise<TAppCommentItem> {
  const { user } = input;
  return db.transaction(async (tx) => {
    const own = await ownComment(tx, user, input.id);
    const [row] = await queryRows<{
      id: number;
      content: string;
      created_at: Date | string;
      edited_at: Date | string;
    }>(
      tx,
      sql`UPDATE post_comments SET content = ${input.content}, edited_at = ${input.now.toISOString()}::timestamptz
        WHERE id = ${own.id} RETURNING id, content, created_at, edited_at`,
    );
    return {
      id: row!.id,
      post_id: own.post_id,
      content: row!.content,
      user_id: user.id,
      user_name: user.name,
      user_avatar: user.avatar_url,
      mine: true,
      created_at: iso(row!.created_at),
      edited_at: iso(row!.edited_at),
    };
  });
}

/** The caller's own comment goes (403 someone else's, 404 not visible); the points it gave stay. */
export async function deleteComment(db: Db, user: SessionUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const own = await ownComment(tx, user, id);
    await queryRows(tx, sql`DELETE FROM post_comments WHERE id = ${own.id}`);
  });
}
