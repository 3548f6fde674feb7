import { APP_MSG, ZAppLike } from '@panel/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows } from '../../db/client.ts';
import { postLikes } from '../../db/schema/posts.ts';
import { notFound } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { limitedResponse } from '../../plugins/seller-limits.ts';
import {
  type AwardGateRow,
  awardGate,
  awardQuietly,
  gateRejection,
  logRefusal,
} from '../../services/points/award.ts';
import { errors, ZRouteId } from '../schemas.ts';
import { APP_TAG, visibleTo } from './app-scope.ts';
import { assertPostVisible, likesCount } from './post-access.ts';

/**
 * Like and unlike are idempotent. A new like awards like_post with the post as reference, so
 * like/unlike loops earn nothing twice; unliking never takes points away (the ledger is append-only).
 */
export const likePostRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/app/posts/:id/like',
    {
      config: { access: 'app', sellerLimit: { kind: 'likes' } },
      schema: {
        tags: [APP_TAG],
        summary: 'Dar me gusta a una publicación',
        description:
          'Idempotente. El primer me gusta a cada publicación otorga `like_post` según sus reglas. Dar y quitar me ' +
          'gusta comparten `RATE_LIMIT_LIKES` por cuenta (120 por minuto por defecto): más, 429 con `Retry-After`.',
        params: ZRouteId,
        response: { 200: ZAppLike, ...errors(400, 401, 404), ...limitedResponse('likes') },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const postId = request.params.id;
      const now = app.now();
      const award = {
        userId: user.id,
        actionKey: 'like_post',
        reference: { type: 'post', id: postId },
        now,
      };
      // One statement (its own transaction): the access check, the like when its award is refused
      // (the engine's rules read without its lock: the daily limit reached, an administrator…),
      // and the other sellers' likes. Only a like that may earn points takes the engine's path.
      const [row] = await queryRows<
        AwardGateRow & { visible: boolean; liked: boolean; added: boolean; others: number }
      >(
        app.db,
        sql`WITH post AS (
            SELECT p.id FROM posts p WHERE p.id = ${postId} AND ${visibleTo(user, sql`p.branch_id`)}
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
        if (reason) logRefusal(request.log, award, reason);
        return { data: { liked: true, likes_count: Number(row.others) + 1, points_awarded: 0 } };
      }
      return app.db.transaction(async (tx) => {
        await assertPostVisible(tx, user, postId);
        const inserted = await tx
          .insert(postLikes)
          .values({ postId, userId: user.id, createdAt: now })
          .onConflictDoNothing()
          .returning({ id: postLikes.id });
        const result = inserted.length > 0 ? await awardQuietly(tx, award, request.log) : null;
        return {
          data: {
            liked: true,
            likes_count: await likesCount(tx, postId),
            points_awarded: result?.awarded ? result.points : 0,
          },
        };
      });
    },
  );
};
