import { APP_MSG, ZAppLike } from '@panel/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows } from '../../db/client.ts';
import { notFound } from '../../lib/http-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { limitedResponse } from '../../plugins/seller-limits.ts';
import { errors, ZRouteId } from '../schemas.ts';
import { APP_TAG, visibleTo } from './app-scope.ts';

/** Unliking never takes points away (the ledger is append-only). */
export const unlikePostRoute: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/api/app/posts/:id/like',
    {
      config: { access: 'app', sellerLimit: { kind: 'likes' } },
      schema: {
        tags: [APP_TAG],
        summary: 'Quitar el me gusta de una publicación',
        description:
          'Idempotente. Los puntos ya otorgados se conservan. Cuenta en `RATE_LIMIT_LIKES`, como dar me gusta.',
        params: ZRouteId,
        response: { 200: ZAppLike, ...errors(400, 401, 404), ...limitedResponse('likes') },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const postId = request.params.id;
      // One statement: the access check, the delete and the other sellers' likes.
      const [row] = await queryRows<{ visible: boolean; others: number }>(
        app.db,
        sql`WITH post AS (
            SELECT p.id FROM posts p WHERE p.id = ${postId} AND ${visibleTo(user, sql`p.branch_id`)}
          ), removed AS (
            DELETE FROM post_likes WHERE post_id IN (SELECT id FROM post) AND user_id = ${user.id}
          )
          SELECT EXISTS (SELECT 1 FROM post) AS visible,
            (SELECT count(*)::int FROM post_likes WHERE post_id = ${postId} AND user_id <> ${user.id}) AS others`,
      );
      if (!row?.visible) throw notFound(APP_MSG.postNotFound);
      return { data: { liked: false, likes_count: Number(row.others), points_awarded: 0 } };
    },
  );
};
