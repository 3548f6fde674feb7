import { ZAppLike } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { limitedResponse } from '../../plugins/seller-limits.ts';
import { likePost } from '../../services/posts/likes.ts';
import { errors, ZRouteId } from '../schemas.ts';
import { APP_TAG } from './app-scope.ts';

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
      return {
        data: await likePost(app.db, { user, postId: request.params.id, now: app.now() }, request.log),
      };
    },
  );
};
