import { MEDIA_MSG, ZAppCreatedPost, ZAppPostInput } from '@panel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { limitedResponse } from '../../plugins/seller-limits.ts';
import { awardQuietly } from '../../services/points/award.ts';
import { appPostById } from '../../services/posts/app-posts.ts';
import { createPostWithImages } from '../../services/posts/create-post.ts';
import { validateForm } from '../media-form.ts';
import { POST_UPLOADS } from '../posts/create-post.ts';
import { errors } from '../schemas.ts';
import { APP_TAG } from './app-scope.ts';

/**
 * A seller publishes to their own branch (docs/product.md#seller-calls) with the panel's upload rules, and earns
 * create_post through the engine in the post's own transaction.
 */
export const appCreatePostRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/app/posts',
    {
      config: {
        access: 'app',
        uploads: { ...POST_UPLOADS, form: ZAppPostInput },
        sellerLimit: { kind: 'posts', created: true },
      },
      schema: {
        tags: [APP_TAG],
        summary: 'Publicar en mi sucursal',
        description:
          '`multipart/form-data`: `content` (1 a 500 caracteres) y de 1 a 5 archivos `images[]` de hasta 10 MB ' +
          '(JPEG, PNG, GIF, WebP o AVIF, detectado por el contenido). La publicación va a la sucursal de quien publica ' +
          '(sin sucursal: a todas). Otorga `create_post` según sus reglas, en la misma transacción. Como mucho ' +
          '`RATE_LIMIT_POSTS` publicaciones por cuenta (10 cada 10 minutos por defecto): más, 429 con `Retry-After`.',
        consumes: ['multipart/form-data'],
        response: { 201: ZAppCreatedPost, ...errors(400, 401), ...limitedResponse('posts') },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const files = request.uploads;
      const input = validateForm(
        ZAppPostInput,
        request.body,
        files.length === 0 ? { images: [MEDIA_MSG.imagesRequired] } : {},
      );
      const now = app.now();
      const { postId, extra: points } = await createPostWithImages(
        app.db,
        app.storage,
        { userId: user.id, content: input.content, branchId: user.branch_id, files, field: 'images', now },
        request.log,
        async (tx, id) => {
          const result = await awardQuietly(
            tx,
            { userId: user.id, actionKey: 'create_post', reference: { type: 'post', id }, now },
            request.log,
          );
          return result?.awarded ? result.points : 0;
        },
      );
      const post = await appPostById(app.db, user, postId);
      return reply.code(201).send({ data: { ...post, points_awarded: points ?? 0 } });
    },
  );
};
