import { ZAppLike } from '@panel/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { postLikes } from '../../db/schema/posts.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { awardQuietly } from '../../services/points/award.ts';
import { errors, ZRouteId } from '../schemas.ts';
import { APP_TAG } from './app-scope.ts';
import { assertPostVisible, likesCount } from './post-access.ts';

/**
 * Like and unlike are idempotent. A new like awards like_post with the post as reference, so
 * like/unlike loops earn nothing twice; unliking never takes points away (the ledger is append-only).
 */
export const likePostRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/app/posts/:id/like',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Dar me gusta a una publicación',
        description:
          'Idempotente. El primer me gusta a cada publicación otorga `like_post` según sus reglas.',
        params: ZRouteId,
        response: { 200: ZAppLike, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const postId = request.params.id;
      return app.db.transaction(async (tx) => {
        await assertPostVisible(tx, user, postId);
        const now = app.now();
        const inserted = await tx
          .insert(postLikes)
          .values({ postId, userId: user.id, createdAt: now })
          .onConflictDoNothing()
          .returning({ id: postLikes.id });
        const result =
          inserted.length > 0
            ? await awardQuietly(
                tx,
                { userId: user.id, actionKey: 'like_post', reference: { type: 'post', id: postId }, now },
                request.log,
              )
            : null;
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

  app.delete(
    '/api/app/posts/:id/like',
    {
      config: { access: 'app' },
      schema: {
        tags: [APP_TAG],
        summary: 'Quitar el me gusta de una publicación',
        description: 'Idempotente. Los puntos ya otorgados se conservan.',
        params: ZRouteId,
        response: { 200: ZAppLike, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const postId = request.params.id;
      await assertPostVisible(app.db, user, postId);
      await app.db.delete(postLikes).where(and(eq(postLikes.postId, postId), eq(postLikes.userId, user.id)));
      return { data: { liked: false, likes_count: await likesCount(app.db, postId), points_awarded: 0 } };
    },
  );
};
