import { ZAppLike } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { limitedResponse } from '../../plugins/seller-limits.ts';
import { unlikePost } from '../../services/posts/likes.ts';
import { errors, ZRouteId } from '../schemas.ts';
import { APP_TAG } from './app-scope.ts';

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
      return { data: await unlikePost(app.db, user, request.params.id) };
    },
  );
};
